import type { CommandSpec, GroupSpec, ProgramSpecs } from '../types.js';
import {
  CHARGE_CANCEL_ARGUMENTS,
  CHARGE_CANCEL_FLAGS,
  CHARGE_CAPTURE_ARGUMENTS,
  CHARGE_CAPTURE_FLAGS,
  CHARGE_CREATE_FLAGS,
  CHARGE_FIND_ARGUMENTS,
  CHARGE_FIND_FLAGS,
  CHARGE_GET_ARGUMENTS,
  CHARGE_GET_FLAGS,
  CHARGE_LIST_FLAGS,
  CHARGE_QR_ARGUMENTS,
  CHARGE_QR_FLAGS,
  CHARGE_RECONCILE_FLAGS,
  CHARGE_REFUND_ARGUMENTS,
  CHARGE_REFUND_FLAGS,
  CHARGE_WATCH_ARGUMENTS,
  CHARGE_WATCH_FLAGS,
} from './flags.js';

const chargeGroups: GroupSpec[] = [{ path: 'charge', summary: 'Create, watch and look up charges' }];

const chargeCommands: CommandSpec[] = [
  {
    path: 'charge create',
    summary: 'Create a charge: PIX (default), card or boleto',
    description:
      'Every rule of the API is checked before anything is sent (exit 2 naming the field). ' +
      'Money: integer centavos (1500) or reais with two decimals (15.00, 15,00, "R$ 1.500,00", 1,500.00). ' +
      'Split entries: SELLER=SHARE[:description], SELLER a seller id or e-mail, SHARE 30% or a money value.\n\n' +
      'With --external-id (and no --key), the charges that already have it are looked up first, as `charge find --external-id` does: ' +
      'at a terminal the one found is shown and you are asked whether to create another (default No, exit 2); ' +
      'without one, or with --yes, a warning names it on stderr and the charge is created; --unique-external-id sends nothing instead (exit 3). ' +
      'A look-up that cannot finish (a long list, a gateway error) says so and goes on, or with --unique-external-id exits 10.',
    flags: CHARGE_CREATE_FLAGS,
    examples: [
      'paygate charge create --amount 25.00 --description "Pedido 123"',
      'paygate charge create --amount 10000 --split 1003=70% --split contato@parceiroalfa.com.br=30% --watch',
      'paygate charge create --from-file body.json --external-id order-42 --json',
      'paygate charge create --amount 15,00 --dry-run',
      'paygate charge create --amount 99.90 --key invoice-2026-11-0042 --json',
      'paygate charge create --from-csv invoices.csv --key-column invoice -o csv > results.csv',
      'paygate charge create --method card --card-token - --amount 300.00 --installments 3 --customer-name "Ana Lima" --customer-address "Rua A,10,Recife,PE,50000000"',
      'paygate charge create --method boleto --amount 150.00 --due-date +3d --customer-name "Ana Lima" --customer-document 52998224725 --pdf boleto.pdf',
    ],
    load: async () => (await import('./create.js')).chargeCreate,
  },
  {
    path: 'charge get',
    summary: 'Show a charge; with - read ids from stdin (one a line) and print each',
    arguments: CHARGE_GET_ARGUMENTS,
    flags: CHARGE_GET_FLAGS,
    examples: [
      'paygate charge get ci_a1b2c3d4e5f6',
      'paygate charge get ci_a1b2c3d4e5f6 --qr',
      'cut -f1 ids.txt | paygate charge get - -o ndjson',
    ],
    load: async () => (await import('./get.js')).chargeGet,
  },
  {
    path: 'charge find',
    summary: 'Find a charge by PIX txid or external id',
    arguments: CHARGE_FIND_ARGUMENTS,
    flags: CHARGE_FIND_FLAGS,
    examples: [
      'paygate charge find --txid 7978c0c97ea847e78e8849634473c1f1',
      'paygate charge find --external-id order-42 --json',
    ],
    load: async () => (await import('./find.js')).chargeFind,
  },
  {
    path: 'charge list',
    summary: 'List charges, newest first',
    flags: CHARGE_LIST_FLAGS,
    examples: [
      'paygate charge list --status paid --since 7d',
      'paygate charge list --status paid,refunded --since 2026-11-01 -o csv --excel > novembro.csv',
      'paygate charge list --all -o csv > charges.csv',
    ],
    load: async () => (await import('./list.js')).chargeList,
  },
  {
    path: 'charge watch',
    summary: 'Follow a charge until it is no longer pending',
    // {chargeSuccess}, {chargeFailure}: the final statuses (src/commands/help/final-statuses.ts).
    description: 'Exit 0 {chargeSuccess}, 7 {chargeFailure}, 8 still pending at --timeout, 130 on Ctrl-C.',
    arguments: CHARGE_WATCH_ARGUMENTS,
    flags: CHARGE_WATCH_FLAGS,
    examples: [
      'paygate charge watch ci_a1b2c3d4e5f6',
      'paygate charge watch ci_a1b2c3d4e5f6 --timeout 10m --json',
    ],
    load: async () => (await import('./watch.js')).chargeWatch,
  },
  {
    path: 'charge refund',
    summary: 'Refund a paid charge',
    description:
      'Shows the charge after the refund and its status; a gateway that answers with a refund object ' +
      "(its own id and status, e.g. in_process) gets the charge read again, and the refund's status is " +
      "said apart. --json prints the gateway's answer as received.",
    arguments: CHARGE_REFUND_ARGUMENTS,
    flags: CHARGE_REFUND_FLAGS,
    examples: ['paygate charge refund ci_a1b2c3d4e5f6', 'paygate charge refund ci_a1b2c3d4e5f6 --yes --json'],
    load: async () => (await import('./refund.js')).chargeRefund,
  },
  {
    path: 'charge reconcile',
    summary: 'Settle a keyed charge whose outcome is unknown (exit 9), through its external_id',
    flags: CHARGE_RECONCILE_FLAGS,
    examples: ['paygate charge reconcile --key invoice-2026-11-0042'],
    load: async () => (await import('./reconcile.js')).chargeReconcile,
  },
  {
    path: 'charge cancel',
    summary: 'Cancel a pending charge, or void an authorised card charge',
    arguments: CHARGE_CANCEL_ARGUMENTS,
    flags: CHARGE_CANCEL_FLAGS,
    examples: ['paygate charge cancel ci_a1b2c3d4e5f6 --yes'],
    load: async () => (await import('./refund.js')).chargeCancel,
  },
  {
    path: 'charge capture',
    summary: 'Capture an authorised card charge, all of it or part',
    description:
      'Card charges created with manual capture stay authorized until captured (or voided with ' +
      '`charge cancel`). --amount captures part (at most the authorised amount). A gateway without ' +
      'the capture endpoint answers 404: exit 3, saying so.',
    arguments: CHARGE_CAPTURE_ARGUMENTS,
    flags: CHARGE_CAPTURE_FLAGS,
    examples: [
      'paygate charge capture ci_a1b2c3d4e5f6',
      'paygate charge capture ci_a1b2c3d4e5f6 --amount 60.00 --json',
    ],
    load: async () => (await import('./capture.js')).chargeCapture,
  },
  {
    path: 'charge qr',
    summary: 'Check a PIX copy-and-paste code (structure, CRC) and draw it',
    arguments: CHARGE_QR_ARGUMENTS,
    flags: CHARGE_QR_FLAGS,
    examples: [
      "paygate charge qr '00020126580014br.gov.bcb.pix…6304ABCD'",
      'pbpaste | paygate charge qr - --json',
    ],
    load: async () => (await import('./qr.js')).chargeQr,
  },
];

export const specs: ProgramSpecs = { commands: chargeCommands, groups: chargeGroups };
