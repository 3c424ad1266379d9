import type { paths } from '@/api/schema';

type Json = 'application/json; charset=utf-8';
type Method = 'get' | 'post' | 'put' | 'delete';

/** The JSON body the generated spec declares for `method path` answering `status`. */
export type ResponseBody<P extends keyof paths, M extends Method, S extends number> = paths[P][M] extends {
  responses: Record<S, { content: Record<Json, infer B> }>;
}
  ? B
  : never;

/**
 * A mocked reply whose body is checked against the generated types of that call, so a test's
 * fake server cannot drift from openapi.yaml: `reply('/users/{id}', 'get', 200, { success: true, user })`.
 */
export function reply<P extends keyof paths, M extends Method, S extends number>(
  _path: P,
  _method: M,
  status: S,
  body: ResponseBody<P, M, S>,
): { status: number; body: unknown } {
  return { status, body };
}

/** An error reply in the API's one error shape. */
export function failure(status: number, code: string, message: string) {
  return { status, body: { success: false, code, message } };
}
