// Letterboxd imports (POST /imports/letterboxd, GET /imports/{id}, its items, choices and
// confirm) and the self-service export (GET /users/me/export, /users/me/export.zip).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { components } from '@/api/schema';
import { ApiError, api } from '@/lib/api-client';

type Schemas = components['schemas'];

export type Import = Schemas['Import'];
export type ImportItem = Schemas['ImportItemObject'];
export type ImportCandidate = Schemas['ImportCandidate'];

/** Statuses in which the worker is busy and the page keeps polling. */
const WORKING = new Set(['parsing', 'matching', 'importing']);
/** How often the page asks for progress while the worker is busy. */
export const IMPORT_POLL_MS = 1000;

export const importKeys = {
  all: ['imports'] as const,
  one: (id: number) => ['imports', id] as const,
  items: (id: number, outcome: string) => ['imports', id, 'items', outcome] as const,
};

export function isWorking(job: Import | undefined) {
  return job !== undefined && WORKING.has(job.status);
}

/** POST /imports/letterboxd (multipart `files`) → 202 the job in `matching`. */
export async function startLetterboxdImport(files: File[]): Promise<Import> {
  const form = new FormData();
  for (const file of files) form.append('files', file, file.name);
  const { data, error, response } = await api.POST('/imports/letterboxd', {
    // openapi-fetch sends FormData as is (the browser sets the multipart boundary).
    body: form as unknown as { files: string[] },
    bodySerializer: (body) => body as unknown as FormData,
  });
  if (!data) throw new ApiError(response.status, error, 'Failed to upload the export');
  return data.import;
}

export function useImport(id: number | null) {
  return useQuery({
    queryKey: importKeys.one(id ?? 0),
    enabled: id !== null,
    queryFn: async (): Promise<Import> => {
      const { data, error, response } = await api.GET('/imports/{id}', { params: { path: { id: id ?? 0 } } });
      if (!data) throw new ApiError(response.status, error, 'Failed to fetch the import');
      return data.import;
    },
    refetchInterval: (query) => (isWorking(query.state.data) ? IMPORT_POLL_MS : false),
  });
}

/** The first page (50) of a job's items with `outcome`. */
export function useImportItems(id: number, outcome: string, enabled: boolean) {
  return useQuery({
    queryKey: importKeys.items(id, outcome),
    enabled,
    queryFn: async (): Promise<ImportItem[]> => {
      const { data, error, response } = await api.GET('/imports/{id}/items', {
        params: { path: { id }, query: { outcome } },
      });
      if (!data) throw new ApiError(response.status, error, 'Failed to fetch the import items');
      return data.items;
    },
  });
}

export function useStartImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startLetterboxdImport,
    onSuccess: (job) => queryClient.setQueryData(importKeys.one(job.id), job),
  });
}

export function useChooseCandidate(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ item, tmdbId }: { item: number; tmdbId: number }): Promise<ImportItem> => {
      const { data, error, response } = await api.POST('/imports/{id}/items/{item}/choice', {
        params: { path: { id, item } },
        body: { tmdb_id: tmdbId },
      });
      if (!data) throw new ApiError(response.status, error, 'Failed to save the choice');
      return data.item;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: importKeys.one(id) }),
  });
}

export function useConfirmImport(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (): Promise<Import> => {
      const { data, error, response } = await api.POST('/imports/{id}/confirm', { params: { path: { id } } });
      if (!data) throw new ApiError(response.status, error, 'Failed to confirm the import');
      return data.import;
    },
    onSuccess: (job) => queryClient.setQueryData(importKeys.one(id), job),
  });
}

export type ExportFormat = 'json' | 'zip';

/** GET /users/me/export(.zip) as a file the browser saves (the API needs the bearer token, so no plain link). */
export async function downloadExport(format: ExportFormat): Promise<void> {
  const { data, error, response } =
    format === 'json'
      ? await api.GET('/users/me/export', { parseAs: 'blob' })
      : await api.GET('/users/me/export.zip', { parseAs: 'blob' });
  if (!data) throw new ApiError(response.status, error, 'Failed to download your data');
  const url = URL.createObjectURL(data as Blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = format === 'json' ? 'leffaseura-export.json' : 'leffaseura-export.zip';
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
