import { translateKnownMessage } from '../../../lib/form-rules';

/**
 * A success message as the server sent it ('Product saved successfully', 'User Deleted', …), in the active language
 * when it is one of the shared MESSAGES; otherwise as sent.
 */
export const serverText = (message: string): string => translateKnownMessage(message) ?? message;
