import { MyGroups } from '@/features/groups/components/my-groups';
import { ProfilePage } from '@/features/profile/components/profile-page';

/** The profile's "My groups" (another member's "Groups"). */
const profileGroups = (user: { id: number; username: string }, isOwn: boolean) => (
  <MyGroups userId={user.id} username={user.username} isOwn={isOwn} />
);

export default function ProfileRoute() {
  return <ProfilePage renderGroups={profileGroups} />;
}
