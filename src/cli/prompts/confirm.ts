/**
 * A yes/no question in the terminal, by @inquirer/confirm. Only commands that ask (init) import
 * this module, lazily: it is never on the path of a hook or of a command that does not ask.
 */
import confirm from '@inquirer/confirm';

/** Returns the answer; false when the user cancels (Ctrl+C, Ctrl+D or a closed terminal). */
export async function askYesNo(message: string, answerIfEnter: boolean): Promise<boolean> {
  try {
    return await confirm({ message, default: answerIfEnter });
  } catch (error) {
    if (error instanceof Error && (error.name === 'ExitPromptError' || error.name === 'AbortPromptError')) return false;
    throw error;
  }
}
