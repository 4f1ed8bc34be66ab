// The demo's steps, in order: who is who, the split, the charge, the payment, the notifications,
// the balances, the payout; and what to try next.
import { formatMoney } from '../../domain/money.js';
import { commandLine } from '../../output/printed-commands.js';
import { decimalText } from '../../text/decimal.js';
import { sayDemo } from '../../text/en/demo.js';
import { formatNotification, summarizeNotification } from '../../webhook/notification.js';
import { verifyNotification } from '../../webhook/verify.js';
import { type Delivered, note, paygate, STEP_TIMEOUT_MS, type Stage, sellerName, write } from './stage.js';

/** The charge: R$ 100,00 split 50/30/20 between the main seller and two partners. */
export const CHARGE_AMOUNT = 10_000;
export const PAYOUT_AMOUNT = 4_000;
export const SHARES = [50, 30, 20] as const;

/** Centavos as the reais a person types: 10000 → `100.00`. */
export const reais = (centavos: number): string => (centavos / 100).toFixed(2);

/** Waits until the sandbox has delivered every notification it owes (the receiver answered). */
export async function notificationsDelivered(stage: Stage): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      stage.sandbox.notificationsIdle(),
      new Promise((_resolve, reject) => {
        timer = setTimeout(() => reject(new Error(sayDemo('notificationsNotSent'))), STEP_TIMEOUT_MS);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** Who received a notification: the seller the sandbox's log names for that delivery. */
export function recipientOf(stage: Stage, delivered: Delivered): number | undefined {
  const attempt = stage.sandbox.notifications.find((entry) => entry.id === delivered.deliveryId);
  return attempt?.seller_id ?? undefined;
}

// ---- the steps ------------------------------------------------------------------------------

export async function whoIsWho(stage: Stage): Promise<void> {
  const [main, alfa, beta] = stage.sellers;
  const rows = [
    [main, sayDemo('roleMainSeller')],
    [alfa, sayDemo('rolePartner', { percent: SHARES[1] })],
    [beta, sayDemo('rolePartner', { percent: SHARES[2] })],
  ] as const;
  const width = Math.max(...rows.map(([seller]) => sellerName(seller).length));
  for (const [seller, role] of rows) {
    write(
      stage,
      `  ${String(seller.seller_id)}  ${sellerName(seller).padEnd(width)}  ${stage.context.colors.gray(role)}`,
    );
  }
  write(stage);
  note(stage, sayDemo('gatewayNote', { url: stage.sandbox.url }));
  note(stage, sayDemo('webhookNote', { url: stage.webhookUrl }));
  note(stage, sayDemo('keyNote'));
  write(stage);
}

export function splitFlags(stage: Stage): string[] {
  return stage.sellers.flatMap((seller, index) => ['--split', `${seller.seller_id}=${SHARES[index]}%`]);
}

export async function previewSplit(stage: Stage): Promise<void> {
  note(stage, sayDemo('previewNote'));
  await paygate(stage, ['split', 'preview', '--amount', reais(CHARGE_AMOUNT), ...splitFlags(stage)]);
}

export async function createCharge(stage: Stage): Promise<void> {
  const output = await paygate(stage, [
    'charge',
    'create',
    '--amount',
    reais(CHARGE_AMOUNT),
    '--description',
    'Pedido 1042',
    '--external-id',
    'demo-order-1042',
    ...splitFlags(stage),
  ]);
  const id = /\bci_[A-Za-z0-9]+/.exec(output)?.[0];
  if (!id) throw new Error(sayDemo('noChargeId'));
  stage.chargeId = id;
}

export async function payAndWatch(stage: Stage): Promise<void> {
  const id = stage.chargeId!;
  note(stage, sayDemo('customerScans'));
  await paygate(stage, ['sandbox', 'pay', id]);
  await paygate(stage, ['charge', 'watch', id]);
}

export async function showNotifications(stage: Stage): Promise<void> {
  await notificationsDelivered(stage);
  const { colors } = stage.context;
  const received = stage.delivered.filter((entry) => {
    const summary = summarizeNotification(entry.notification.body);
    return summary.id === stage.chargeId;
  });
  note(stage, sayDemo('receiverGot', { count: received.length, id: stage.chargeId ?? '' }));
  write(stage);
  const [main] = stage.sellers;
  // As `webhook listen --verify` does: the main seller's notifications checked against the API.
  const { Client } = await import('../../api/client.js');
  const client = new Client({ baseUrl: stage.sandbox.url, secretKey: main.secret_key, env: {} });
  try {
    for (const entry of received.filter((item) => recipientOf(stage, item) === main.seller_id)) {
      entry.notification.verification = await verifyNotification(
        summarizeNotification(entry.notification.body),
        client,
        stage.context.signal,
      );
    }
  } finally {
    await client.close();
  }
  for (const seller of stage.sellers) {
    const own = received.filter((entry) => recipientOf(stage, entry) === seller.seller_id);
    const role = sayDemo(seller.seller_id === main.seller_id ? 'recipientMain' : 'recipientPartner');
    write(
      stage,
      `  ${colors.bold(`${sellerName(seller)} (${seller.seller_id})`)} ${colors.gray(`— ${role}`)}`,
    );
    if (own.length === 0) {
      throw new Error(sayDemo('noNotificationFor', { seller: sellerName(seller), id: seller.seller_id }));
    }
    for (const entry of own) {
      stage.context.io.stdout.write(indent(formatNotification(entry.notification, colors)));
    }
    write(stage);
  }
}

export function indent(text: string): string {
  return text.replace(/^(?=.)/gm, '  ');
}

export async function showBalances(stage: Stage): Promise<void> {
  const [main, ...partners] = stage.sellers;
  note(stage, sayDemo('pixSettles', { seller: sellerName(main) }));
  await paygate(stage, ['balance']);
  for (const partner of partners) {
    note(stage, sayDemo('partnerOwnKey', { seller: sellerName(partner) }));
    await paygate(stage, ['balance'], partner);
  }
}

export async function payOut(stage: Stage): Promise<void> {
  note(stage, sayDemo('payoutFromCron'));
  note(stage, sayDemo('clockAhead'));
  const output = await paygate(stage, [
    'payout',
    'create',
    '--amount',
    reais(PAYOUT_AMOUNT),
    '--key',
    'demo-payout-1',
    '--yes',
    '--wait',
  ]);
  stage.payoutId = /\bco_[A-Za-z0-9]+/.exec(output)?.[0];
  await notificationsDelivered(stage);
  const completion = stage.delivered.filter((entry) => {
    const summary = summarizeNotification(entry.notification.body);
    return (
      summary.kind.startsWith('payout') && (stage.payoutId === undefined || summary.id === stage.payoutId)
    );
  });
  if (completion.length === 0) throw new Error(sayDemo('noPayoutNotification'));
  note(stage, sayDemo('receiverGotPayout'));
  for (const entry of completion) {
    stage.context.io.stdout.write(indent(formatNotification(entry.notification, stage.context.colors)));
  }
  write(stage);
}

export function nextSteps(stage: Stage, elapsedMs: number): void {
  const { colors } = stage.context;
  const seconds = (elapsedMs / 1000).toFixed(1);
  write(
    stage,
    sayDemo('done', {
      // A decimal comma in Portuguese, as money is written.
      seconds: decimalText(seconds),
      charged: formatMoney(CHARGE_AMOUNT),
      paidOut: formatMoney(PAYOUT_AMOUNT),
    }),
  );
  write(stage);
  write(stage, sayDemo('next'));
  const next: Array<[string[], string]> = [
    [['sandbox', 'start'], sayDemo('nextSandboxStart')],
    [['login', '--sandbox'], sayDemo('nextLogin')],
    [['webhook', 'listen'], sayDemo('nextWebhookListen')],
    [['charge', 'create', '--help'], sayDemo('nextChargeHelp')],
  ];
  const lines = next.map(([args, what]) => [commandLine(stage.context.invocation, args), what] as const);
  const width = Math.max(...lines.map(([command]) => command.length)) + 3;
  for (const [command, what] of lines)
    write(stage, `  ${colors.cyan(command)}${' '.repeat(width - command.length)}${what}`);
}

/** The steps; a title is said when shown, in the run's language. */
export const STEPS: Array<{ title: () => string; run: (stage: Stage) => Promise<void> }> = [
  { title: () => sayDemo('titleWhoIsWho'), run: whoIsWho },
  { title: () => sayDemo('titlePlanSplit'), run: previewSplit },
  { title: () => sayDemo('titleCreateCharge'), run: createCharge },
  { title: () => sayDemo('titleCustomerPays'), run: payAndWatch },
  { title: () => sayDemo('titleNotifications'), run: showNotifications },
  { title: () => sayDemo('titleBalances'), run: showBalances },
  { title: () => sayDemo('titlePayOut'), run: payOut },
];
