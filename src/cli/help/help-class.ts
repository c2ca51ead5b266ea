/**
 * oclif's own help, with its template step taken only by text that holds a template tag. oclif
 * renders every summary, description and example through ejs, which compiles each text into a new
 * function (`new Function`, never cached): ~60 of them for `mem --help`. Text with neither `<%`
 * nor `%>` renders as itself, so it is returned as it is; the rest (the examples' `<%= config.bin
 * %>`) still goes through ejs. package.json `oclif.helpClass` names it (a named export of
 * dist/cli.cjs); oclif loads it only to show help.
 */
import { Help, type Command, type Interfaces } from '@oclif/core';

export class HELP extends Help {
  constructor(config: Interfaces.Config, options?: Partial<Interfaces.HelpOptions>) {
    super(config, options);
    this.render = templatedOnly(this.render);
  }

  protected override getCommandHelpClass(command: Command.Loadable): ReturnType<Help['getCommandHelpClass']> {
    const help = super.getCommandHelpClass(command);
    help.render = templatedOnly(help.render);
    return help;
  }
}

/** `render` for text that holds a template tag; any other text as it is. */
function templatedOnly(render: (input: string) => string): (input: string) => string {
  // Note: ejs drops a lone `%>` from text, so that text is not "as it is" and goes to ejs too.
  return (input) => (input.includes('<%') || input.includes('%>') ? render(input) : input);
}
