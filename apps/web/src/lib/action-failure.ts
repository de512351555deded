import { MESSAGES } from '@roam/contract/messages';
import { isApiError } from './api-error';

/**
 * What a failed change tells the admin: the server's reason when it refused the change (400, 404,
 * 409 name what is wrong), else SPEC's generic 'Something went wrong'.
 */
export function actionFailureMessage(error: unknown): string {
  if (isApiError(error) && (error.status === 400 || error.status === 404 || error.status === 409)) {
    return error.message;
  }
  return MESSAGES.somethingWrong;
}
