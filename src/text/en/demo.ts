// The words of `paygate demo` (src/commands/demo/): its story, step titles and what it says
// between the commands it runs (each command says its own words).
import { englishTexts } from '../catalog.js';

const demoEnglish = {
  noArguments: 'argument: demo takes no arguments',
  intro: 'paygate demo: a split PIX charge from start to payout, on a private sandbox.',
  pressEnter: 'Enter: step {number}/{total}, {title} (Ctrl-C stops)',
  interrupted: 'interrupted: the demo stopped.',
  stepHeading: '── {number}/{total}  {title} ──',
  failedAtStep: 'the demo failed at step {number} ({title}): {message}',
  failedHint: 'this is a bug: please report it with the output above',
  neverPrompts: 'the demo never prompts',
  commandTimedOut: '`{command}` did not finish within {seconds}s',
  commandExited: '`{command}` exited with {code}',
  fewerSellers: 'the sandbox seeded fewer than three sellers',
  clockRefused: 'the sandbox refused to move its clock (HTTP {status})',
  notificationsNotSent: 'the sandbox did not finish sending its notifications',
  titleWhoIsWho: 'Who is who',
  titlePlanSplit: 'Plan the split',
  titleCreateCharge: 'Create the PIX charge',
  titleCustomerPays: 'The customer pays',
  titleNotifications: 'Notifications',
  titleBalances: 'Balances',
  titlePayOut: 'Pay out',
  titleWhatNext: 'What next',
  roleMainSeller: 'main seller: creates the charge and pays the fee',
  rolePartner: 'partner: {percent}% of the split',
  gatewayNote: '  Gateway: a private sandbox at {url} (your config is not touched).',
  webhookNote:
    "  Every seller's webhook points at a local receiver (the one `paygate webhook listen` runs): {url}",
  keyNote: "  The commands below use the main seller's key from PAYGATE_SECRET_KEY, unless shown otherwise.",
  previewNote: '  Offline: fee and split computed before anything is sent.',
  noChargeId: '`paygate charge create` printed no charge id (ci_…)',
  // Said by the demo's charge create when its QR code does not fit the terminal (stage.ts).
  qrAfterwards:
    '  This charge exists only while the demo runs. To see a QR code again,\n  make the window taller or the font smaller (Ctrl -) and start a sandbox:\n{sandboxStart}\n  then, in another terminal:\n{login}\n{chargeCreate}',
  customerScans: "  The customer scans the QR code; here the sandbox plays the customer's bank:",
  receiverGot: {
    one: '  The receiver got {count} notifications for {id}:',
    other: '  The receiver got {count} notifications for {id}:',
  },
  recipientMain: 'main seller: the whole split',
  recipientPartner: 'partner: only its own part',
  noNotificationFor: 'no notification reached {seller} ({id})',
  pixSettles: '  PIX settles at once: each share is available now. {seller}, with its key:',
  partnerOwnKey: '  {seller}, with its own key:',
  payoutFromCron: '  From cron, safely: --key makes a rerun print this payout instead of paying twice.',
  clockAhead:
    "  (The demo's sandbox runs its clock ahead while a command waits: the payout's 2 s pass at once.)",
  noPayoutNotification: 'the receiver got no payout notification',
  receiverGotPayout: '  And the receiver got:',
  done: 'Done in {seconds}s: charged {charged}, split it three ways, paid out {paidOut}.',
  next: 'Next:',
  nextSandboxStart: 'a sandbox of your own that keeps running',
  nextLogin: 'log in to it (in another terminal)',
  nextWebhookListen: 'watch notifications arrive',
  nextChargeHelp: 'every option of a charge',
} as const;

export type DemoEnglish = typeof demoEnglish;
export const sayDemo = englishTexts('demo', demoEnglish);
