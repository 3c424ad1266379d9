import { useState, type FormEvent } from 'react';
import type { Group } from '@/api/groups/types';
import {
  CANCEL_REASON_MAX,
  RSVP_ANSWERS,
  downloadPartyCalendar,
  useAnswerParty,
  useCalendarFeed,
  useCancelParty,
  useConfirmParty,
  useGroupParties,
  useRevokeFeed,
  useRotateFeed,
  type PartyWhen,
  type RsvpAnswer,
  type WatchParty,
} from '@/api/parties';
import { showToast } from '@/components/toast/toast-store';
import { useErrorText, useFormat, useT } from '@/lib/i18n';
import { isManagerRole, type Viewer } from '../lib/viewer';
import styles from './group-parties.module.css';

/**
 * The Group page's "Upcoming watch parties": members answer Going / Maybe / Not going, see who
 * comes; managers confirm proposals and cancel; past parties behind a toggle; each party has an
 * .ics download; managers also get the group's calendar feed URL.
 */
export function GroupParties({ group, viewer }: { group: Group; viewer: Viewer }) {
  const t = useT();
  const [when, setWhen] = useState<PartyWhen>('upcoming');
  const visible = group.visibility === 'public' || viewer.isMember;
  const parties = useGroupParties(group.id, when, visible);
  if (!visible) return null;

  let body;
  if (parties.isPending) body = <p role="status">{t('parties.group.loading')}</p>;
  else if (parties.isError) body = <p role="alert">{t('parties.group.failed')}</p>;
  else if (parties.data.length === 0)
    body = <p className="muted">{when === 'upcoming' ? t('parties.group.empty') : t('parties.group.emptyPast')}</p>;
  else
    body = (
      <ul className={styles.list}>
        {parties.data.map((party) => (
          <PartyCard key={party.id} party={party} />
        ))}
      </ul>
    );

  return (
    <section className={`card ${styles.section}`} aria-labelledby="group-parties-title" data-testid="group-parties">
      <header className={styles.head}>
        <h2 id="group-parties-title">{when === 'upcoming' ? t('parties.group.title') : t('parties.group.pastTitle')}</h2>
        <button type="button" className="btn" aria-pressed={when === 'past'} onClick={() => setWhen(when === 'upcoming' ? 'past' : 'upcoming')}>
          {when === 'upcoming' ? t('parties.group.showPast') : t('parties.group.showUpcoming')}
        </button>
      </header>
      {when === 'upcoming' ? <p className="muted">{t('parties.group.hint')}</p> : null}
      {body}
      {isManagerRole(viewer.role) ? <CalendarFeed groupId={group.id} /> : null}
    </section>
  );
}

function PartyCard({ party }: { party: WatchParty }) {
  const t = useT();
  const format = useFormat();
  const errorText = useErrorText();
  const show = party.show;
  const going = party.answers.filter((a) => a.answer === 'going').map((a) => a.username);
  return (
    <li className={styles.party} data-testid="party" data-status={party.status}>
      <h3 className={styles.title}>
        {show.title}
        {party.status !== 'scheduled' ? <span className={styles.badge}>{t('parties.status', { status: party.status })}</span> : null}
      </h3>
      <p>
        <time dateTime={show.start}>{format.dateTime(show.start)}</time>
        {t('parties.card.at', { place: show.auditorium ? t('parties.card.place', { theatre: show.theatre, auditorium: show.auditorium }) : show.theatre })}
      </p>
      {party.note ? <p className={styles.note}>{party.note}</p> : null}
      {party.status === 'cancelled' ? (
        <p className="notice" role="note">
          {party.cancel_reason ? t('parties.card.cancelledBecause', { reason: party.cancel_reason }) : t('parties.card.cancelled')}
        </p>
      ) : null}
      {party.rsvp_deadline && !party.past ? (
        <p className="muted">{t('parties.card.deadline', { when: format.dateTime(party.rsvp_deadline) })}</p>
      ) : null}
      <p className={styles.counts}>
        {t('parties.card.counts', { going: party.counts.going, maybe: party.counts.maybe, notGoing: party.counts.not_going })}
      </p>
      {going.length > 0 ? <p className="muted">{t('parties.card.whoGoes', { names: going.join(', ') })}</p> : null}
      <p className="muted">{t('parties.card.by', { name: party.created_by_name })}</p>
      {party.can_answer ? <RsvpButtons party={party} /> : null}
      <div className={styles.actions}>
        {party.status !== 'cancelled' ? (
          <button
            type="button"
            className="btn"
            onClick={() => void downloadPartyCalendar(party.id).catch((error: unknown) => showToast(errorText(error), 'error'))}
          >
            {t('parties.card.ics')}
          </button>
        ) : null}
        {show.ticketUrl && !party.past ? (
          <a className="btn" href={show.ticketUrl} target="_blank" rel="noopener noreferrer">
            {t('parties.card.tickets')}
          </a>
        ) : null}
        {party.can_confirm ? <ConfirmButton party={party} /> : null}
      </div>
      {party.can_cancel ? <CancelForm party={party} /> : null}
    </li>
  );
}

function RsvpButtons({ party }: { party: WatchParty }) {
  const t = useT();
  const errorText = useErrorText();
  const answer = useAnswerParty();
  const choose = (choice: RsvpAnswer) =>
    answer.mutate({ partyId: party.id, answer: choice }, { onError: (error) => showToast(errorText(error), 'error') });
  return (
    <div className={styles.rsvp} role="group" aria-label={t('parties.card.rsvpLabel', { title: party.show.title })}>
      {RSVP_ANSWERS.map((choice) => (
        <button
          key={choice}
          type="button"
          className={`btn ${party.my_answer === choice ? 'btn-primary' : ''}`}
          aria-pressed={party.my_answer === choice}
          disabled={answer.isPending}
          onClick={() => choose(choice)}
        >
          {t('parties.answer', { answer: choice })}
        </button>
      ))}
    </div>
  );
}

function ConfirmButton({ party }: { party: WatchParty }) {
  const t = useT();
  const errorText = useErrorText();
  const confirm = useConfirmParty();
  return (
    <button
      type="button"
      className="btn btn-primary"
      disabled={confirm.isPending}
      onClick={() =>
        confirm.mutate(party.id, {
          onSuccess: () => showToast(t('parties.toast.confirmed'), 'success'),
          onError: (error) => showToast(errorText(error), 'error'),
        })
      }
    >
      {t('parties.card.confirm')}
    </button>
  );
}

function CancelForm({ party }: { party: WatchParty }) {
  const t = useT();
  const errorText = useErrorText();
  const cancel = useCancelParty();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  if (!open) {
    return (
      <button type="button" className="btn" onClick={() => setOpen(true)}>
        {party.status === 'proposed' && party.can_confirm ? t('parties.card.decline') : t('parties.card.cancel')}
      </button>
    );
  }
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    cancel.mutate(
      { partyId: party.id, reason: reason.trim() },
      {
        onSuccess: () => showToast(t('parties.toast.cancelled'), 'success'),
        onError: (error) => showToast(errorText(error), 'error'),
      },
    );
  }
  return (
    <form className={styles.cancel} onSubmit={onSubmit}>
      <label>
        {t('parties.card.reason')}
        <input value={reason} maxLength={CANCEL_REASON_MAX} onChange={(e) => setReason(e.target.value)} />
      </label>
      <button type="submit" className="btn btn-danger" disabled={cancel.isPending}>
        {t('parties.card.cancelConfirm')}
      </button>
      <button type="button" className="btn" onClick={() => setOpen(false)}>
        {t('parties.common.back')}
      </button>
    </form>
  );
}

/** The managers' calendar feed: the subscribe URL, copy, rotate, revoke. */
function CalendarFeed({ groupId }: { groupId: number }) {
  const t = useT();
  const errorText = useErrorText();
  const feed = useCalendarFeed(groupId, true);
  const rotate = useRotateFeed(groupId);
  const revoke = useRevokeFeed(groupId);
  const url = feed.data?.path ? `${window.location.origin}${feed.data.path}` : null;
  const onError = (error: unknown) => showToast(errorText(error), 'error');

  async function copy() {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      showToast(t('parties.feed.copied'), 'success');
    } catch {
      showToast(t('parties.feed.copyFailed'), 'error');
    }
  }

  return (
    <div className={styles.feed} data-testid="calendar-feed">
      <h3>{t('parties.feed.title')}</h3>
      <p className="muted">{t('parties.feed.hint')}</p>
      {url ? (
        <>
          <input className={styles.feedUrl} readOnly value={url} aria-label={t('parties.feed.urlLabel')} onFocus={(e) => e.target.select()} />
          <div className={styles.actions}>
            <button type="button" className="btn" onClick={() => void copy()}>
              {t('parties.feed.copy')}
            </button>
            <button type="button" className="btn" disabled={rotate.isPending} onClick={() => rotate.mutate(undefined, { onError })}>
              {t('parties.feed.rotate')}
            </button>
            <button type="button" className="btn btn-danger" disabled={revoke.isPending} onClick={() => revoke.mutate(undefined, { onError })}>
              {t('parties.feed.revoke')}
            </button>
          </div>
        </>
      ) : feed.isPending ? null : (
        <button type="button" className="btn" disabled={rotate.isPending} onClick={() => rotate.mutate(undefined, { onError })}>
          {t('parties.feed.create')}
        </button>
      )}
    </div>
  );
}
