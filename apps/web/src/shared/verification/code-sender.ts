import type { MailPurpose } from './api/send-mail-code';
import type { GuestSmsPurpose } from './api/send-sms-code';
import type { UserSmsPurpose } from './api/send-user-sms-code';

// Its own leaf: the code field shows the sandbox peek, and the peek reads the same sender, so declaring the
// type in code-field.tsx made an import circle.
/** Where the code goes: a typed number (guest), the user's own number, or a typed mail address. */
export type CodeSender =
  | { kind: 'sms'; type: GuestSmsPurpose; phone: string; checkTarget: () => boolean }
  | { kind: 'userSms'; type: UserSmsPurpose }
  | { kind: 'mail'; type: MailPurpose; email: string; checkTarget: () => boolean };
