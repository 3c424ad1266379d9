import { useId, useState, type FormEvent } from 'react';
import { Link } from '@/lib/router';
import { useUserGroups } from '@/api/groups/get-user-groups';
import { PARTY_NOTE_MAX, useCreateParty, type PartyShowInput, type WatchParty } from '@/api/parties';
import { Dialog } from '@/components/dialog/dialog';
import { useSession } from '@/lib/auth-storage';
import { useErrorText, useFormat, useT } from '@/lib/i18n';
import type { ShowView } from '../api/types';
import styles from './show-list.module.css';

/** The theatre area the page lists shows of. */
export type PartyArea = { id: number; name: string };

/** The show as the watch party API keeps it, with the area it was picked from. */
export function partyShow(show: ShowView, area?: PartyArea | null): PartyShowInput {
  return {
    areaId: area?.id,
    areaName: area?.name || undefined,
    id: show.id,
    eventId: show.eventId,
    title: show.title,
    theatre: show.theatre,
    theatreId: show.theatreId,
    auditorium: show.auditorium ?? '',
    start: show.start,
    lengthInMinutes: show.lengthInMinutes ?? undefined,
    ticketUrl: show.ticketUrl ?? undefined,
    tmdbId: show.tmdbId ?? undefined,
  };
}

/** "Plan a watch party" for a show still to come, for a signed-in user. */
export function PlanPartyButton({ show, now, area, compact = false }: { show: ShowView; now: Date; area?: PartyArea | null; compact?: boolean }) {
  const t = useT();
  const session = useSession();
  const [open, setOpen] = useState(false);
  if (!session?.user || new Date(show.start).getTime() <= now.getTime()) return null;
  return (
    <>
      <button
        type="button"
        className={`btn ${compact ? styles.planCompact : styles.plan}`}
        onClick={() => setOpen(true)}
        aria-label={t('parties.plan.buttonFor', { title: show.title })}
      >
        {t('parties.plan.button')}
      </button>
      {open ? <PlanPartyDialog show={show} area={area} userId={session.user.id} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

type Role = 'owner' | 'moderator' | 'member' | 'pending' | 'none';
const canPlan = (role: Role | undefined) => role === 'owner' || role === 'moderator' || role === 'member';

/**
 * Chooses one of the user's groups, a meeting note and an optional RSVP deadline. Owners and
 * moderators schedule the party; a member's party is a proposal a manager confirms.
 */
export function PlanPartyDialog({ show, area, userId, onClose }: { show: ShowView; area?: PartyArea | null; userId: number; onClose: () => void }) {
  const t = useT();
  const format = useFormat();
  const errorText = useErrorText();
  const formId = useId();
  const groups = useUserGroups(userId);
  const create = useCreateParty();
  const eligible = (groups.data ?? []).filter((g) => canPlan(g.role as Role));
  const [groupId, setGroupId] = useState<number | null>(null);
  const [note, setNote] = useState('');
  const [deadline, setDeadline] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [created, setCreated] = useState<WatchParty | null>(null);
  const chosen = eligible.find((g) => g.id === groupId) ?? eligible[0] ?? null;
  const proposal = chosen !== null && chosen.role === 'member';

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!chosen) return;
    setFailure(null);
    create.mutate(
      {
        groupId: chosen.id,
        body: {
          show: partyShow(show, area),
          note: note.trim() || null,
          rsvp_deadline: deadline ? new Date(deadline).toISOString() : null,
        },
      },
      {
        onSuccess: (party) => setCreated(party as WatchParty),
        onError: (error) => setFailure(errorText(error)),
      },
    );
  }

  const when = format.dateTime(show.start);
  if (created) {
    return (
      <Dialog
        title={t('parties.plan.doneTitle')}
        onClose={onClose}
        actions={
          <button type="button" className="btn btn-primary" onClick={onClose}>
            {t('parties.common.close')}
          </button>
        }
      >
        <p role="status">
          {created.status === 'proposed'
            ? t('parties.plan.proposed', { group: created.group_name })
            : t('parties.plan.scheduled', { group: created.group_name })}
        </p>
        <p>
          <Link to={`/groups/${created.group_id}`} onClick={onClose}>
            {t('parties.plan.openGroup', { group: created.group_name })}
          </Link>
        </p>
      </Dialog>
    );
  }

  return (
    <Dialog
      title={t('parties.plan.title')}
      description={t('parties.plan.show', { title: show.title, when, theatre: show.theatre })}
      onClose={onClose}
      actions={
        <>
          <button type="button" className="btn" onClick={onClose}>
            {t('parties.common.cancel')}
          </button>
          <button type="submit" form={formId} className="btn btn-primary" disabled={!chosen || create.isPending}>
            {create.isPending ? t('parties.plan.saving') : proposal ? t('parties.plan.propose') : t('parties.plan.create')}
          </button>
        </>
      }
    >
      <form id={formId} onSubmit={onSubmit} noValidate className={styles.planForm}>
        {groups.isPending ? (
          <p role="status">{t('parties.plan.loadingGroups')}</p>
        ) : eligible.length === 0 ? (
          <p className="notice">{t('parties.plan.noGroups')}</p>
        ) : (
          <label>
            {t('parties.plan.group')}
            <select value={chosen?.id ?? ''} onChange={(e) => setGroupId(Number(e.target.value))}>
              {eligible.map((g) => (
                <option key={g.id} value={g.id}>
                  {g.name}
                </option>
              ))}
            </select>
          </label>
        )}
        {proposal ? <p className="muted">{t('parties.plan.proposalHint')}</p> : null}
        <label>
          {t('parties.plan.note')}
          <textarea value={note} maxLength={PARTY_NOTE_MAX} rows={3} onChange={(e) => setNote(e.target.value)} placeholder={t('parties.plan.notePlaceholder')} />
        </label>
        <label>
          {t('parties.plan.deadline')}
          <input type="datetime-local" value={deadline} onChange={(e) => setDeadline(e.target.value)} />
        </label>
        {failure ? (
          <p className="notice notice-error" role="alert">
            {failure}
          </p>
        ) : null}
      </form>
    </Dialog>
  );
}
