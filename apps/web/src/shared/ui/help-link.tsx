import type { ReactElement } from 'react';

const HELP = '/safer-play';

/**
 * A refusal that names the safer-play page (the player-protection limits, issue 18: "linking to /safer-play")
 * shows that path as a link in its toast; any other message stays plain text.
 */
export function withHelpLink(msg: string): string | ReactElement {
  const at = msg.indexOf(HELP);
  if (at < 0) return msg;
  return (
    <span>
      {msg.slice(0, at)}
      <a href={HELP} className="underline">
        {HELP}
      </a>
      {msg.slice(at + HELP.length)}
    </span>
  );
}
