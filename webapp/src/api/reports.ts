// Reports (POST /reports, GET /reports/mine): a signed-in user reports a review, a group or
// a user to the moderators, and follows what became of their reports.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { components } from '@/api/schema';
import { ApiError, api } from '@/lib/api-client';

type Schemas = components['schemas'];

export type Report = Schemas['Report'];
export type NewReport = Schemas['FileReportRequest'];
export type ReportTargetType = Schemas['ReportTargetType'];
export type ReportReason = Schemas['ReportReason'];
export type ReportResolution = Schemas['ReportResolution'];

/** The reasons in the order the dialog offers them. */
export const REPORT_REASONS: readonly ReportReason[] = ['spam', 'abuse', 'spoilers', 'other'];
/** The longest note the API accepts, in characters. */
export const REPORT_NOTE_MAX = 500;

export const reportKeys = {
  all: ['reports'] as const,
  mine: () => ['reports', 'mine'] as const,
};

/** POST /reports → 201 the report; 409 `report_already_open`, 429 `too_many_reports`. */
export async function fileReport(report: NewReport): Promise<Report> {
  const { data, error, response } = await api.POST('/reports', { body: report });
  if (!data) throw new ApiError(response.status, error, 'Failed to send the report');
  return data.report;
}

/** GET /reports/mine: the caller's reports, newest first (the first 100). */
export function myReportsQueryOptions() {
  return queryOptions({
    queryKey: reportKeys.mine(),
    queryFn: async (): Promise<Report[]> => {
      const { data, error, response } = await api.GET('/reports/mine', { params: { query: { limit: 100 } } });
      if (!data) throw new ApiError(response.status, error, 'Failed to fetch your reports');
      return data.reports;
    },
  });
}

export function useMyReports() {
  return useQuery(myReportsQueryOptions());
}

export function useFileReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fileReport,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reportKeys.all }),
  });
}
