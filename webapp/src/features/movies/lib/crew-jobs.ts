// The key crew's jobs arrive as TMDB names them, in English whatever the language asked
// ("Director, Screenplay": core joins one person's key jobs). The key jobs are a closed set
// (core's key_job_rank), so each gets a catalogue text; an unknown job is shown as sent.
import type { MessageKey } from '@/lib/i18n';

const JOB_KEYS: Record<string, MessageKey> = {
  Director: 'movie.job.director',
  Screenplay: 'movie.job.screenplay',
  Writer: 'movie.job.writer',
  Novel: 'movie.job.novel',
  Story: 'movie.job.story',
  Author: 'movie.job.author',
  Producer: 'movie.job.producer',
  'Original Music Composer': 'movie.job.originalMusicComposer',
  Music: 'movie.job.music',
  Composer: 'movie.job.composer',
  'Director of Photography': 'movie.job.directorOfPhotography',
};

/** "Director, Screenplay" → "Ohjaaja, Käsikirjoitus" (with `t` of the current language). */
export function crewJobs(jobs: string, t: (key: MessageKey) => string): string {
  return jobs
    .split(', ')
    .map((job) => (Object.prototype.hasOwnProperty.call(JOB_KEYS, job) ? t(JOB_KEYS[job] as MessageKey) : job))
    .join(', ');
}
