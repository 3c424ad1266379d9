// The group objects of the API, by the names the features use (generated from openapi.yaml).
import type { components } from '@/api/schema';

type Schemas = components['schemas'];

export type Group = Schemas['Group'];
export type GroupMember = Schemas['GroupMember'];
export type GroupRole = Schemas['GroupRole'];
export type GroupVisibility = Schemas['GroupVisibility'];
export type PendingRequest = Schemas['JoinRequest'];
export type Theme = Schemas['Theme'];
export type ModlogEntry = Schemas['ModlogEntry'];
export type NewGroup = Schemas['CreateGroupRequest'];
/** An edit: only the fields that change. */
export type GroupChanges = Schemas['UpdateGroupRequest'];
