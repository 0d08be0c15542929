import type { SubmissionResult } from "@conform-to/react";

/**
 * What an action answers for a refused form: conform's reply, with error
 * messages as namespaced translation keys ("auth:errors.emailInvalid") and the
 * typed values (secrets hidden) so the page shows them again.
 */
export type FormReply = SubmissionResult<string[]>;
