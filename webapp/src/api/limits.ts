// The input limits the server enforces, as openapi.yaml documents them on each request field
// (limits.test.ts reads the spec and fails when one here no longer matches it). Forms use
// them for maxLength and hints; the server stays the judge and answers by error code.

/** CreateReviewRequest.content, UpdateReviewRequest.content: 1..5000 characters. */
export const REVIEW_CONTENT_MAX = 5000;
/** RegisterRequest.password, UpdateProfileRequest.newPassword: 8–128 characters. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
/** UpdateProfileRequest.user_bio: at most 500 characters. */
export const BIO_MAX = 500;
/** CreateGroupRequest.name: 1–60 characters after trimming. */
export const GROUP_NAME_MAX = 60;
/** CreateGroupRequest.description: at most 2,000 characters after trimming. */
export const GROUP_DESCRIPTION_MAX = 2000;
