// The shape of every action on a resource (src/commands/shared/resource-action.ts), on a resource
// that is not a charge: an imaginary `widget` with an imaginary `hold` action, served by a scripted
// gateway. What a user sees (stdout, stderr, the error and its exit code) and the requests sent.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '../../../src/api/client.js';
import {
  type ActedResource,
  type ResourceAction,
  runResourceAction,
} from '../../../src/commands/shared/resource-action.js';
import type { Context } from '../../../src/context.js';
import { drop, json, ok, startServer, type TestServer } from '../../api/helpers.js';
import { fakeContext } from '../../helpers/fake-context.js';
import { englishAfterEachTest, speakPortuguese } from '../../helpers/language.js';
import { createScriptedPrompter } from '../../helpers/prompter.js';

englishAfterEachTest();

interface Widget {
  id: string;
  status: string;
}

/** An imaginary resource: `widget get` shows one; an answer that is another resource may be in `hold`. */
const WIDGET: ActedResource<Widget> = {
  getCommand: 'widget get',
  get: (client: Client, id: string, signal) => client.request<Widget>('GET', `/widgets/${id}`, { signal }),
  write: (context: Context, widget: Widget) => {
    context.io.stdout.write(
      context.output === 'table'
        ? `widget ${widget.id} is ${widget.status}\n`
        : `${JSON.stringify(widget)}\n`,
    );
  },
  otherMember: 'hold',
};

/** The imaginary `widget hold ID`: asks first when `asks`, then POST /v1/widgets/{id}/hold. */
function holdOf(id: string, asks = true): ResourceAction<Widget> {
  return {
    resource: WIDGET,
    id,
    what: (shownId) => `the hold of widget ${shownId}`,
    ...(asks
      ? {
          confirmation: {
            question: (current: Widget) => `Hold widget ${current.id} (${current.status})?`,
            yesRequired: () => '--yes is required to hold without a terminal',
            declined: () => 'Cancelled: not held, nothing was sent.',
          },
        }
      : {}),
    send: (client, signal) => client.request('POST', `/widgets/${id}/hold`, { body: {}, signal }),
    accepted: (outcome) =>
      `held widget ${id}${outcome.other ? ` (hold ${outcome.other.id}: ${outcome.other.status})` : ''}; now ${outcome.resource.status}`,
  };
}

describe('an action on a resource', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => server.close());
  /** The requests the gateway gets from now on, as `METHOD /path`. */
  const requestsFromNow = () => {
    const before = server.requests.length;
    return () => server.requests.slice(before).map((request) => `${request.method} ${request.url}`);
  };
  /** GET answers the widget; POST answers `posted`. */
  const serve = (widget: Widget, posted: unknown) =>
    server.handle((request, response) =>
      json(response, 200, ok(request.method === 'POST' ? posted : widget)),
    );

  it('no answer to the POST: exit 9, sent once, message and hint name the one command that shows it', async () => {
    server.handle(drop);
    const requests = requestsFromNow();
    const { context, io } = fakeContext({ baseUrl: server.url });
    const error = await runResourceAction(holdOf('w_1'), context, true).then(
      () => undefined,
      (thrown: unknown) => thrown as { exitCode: number; message: string; details: { hint: string } },
    );
    await context.close();
    expect(error?.exitCode).toBe(9);
    expect(error?.message).toMatch(
      /^the hold of widget w_1 may or may not have happened: no answer came after it was sent \(.+\)$/,
    );
    expect(error?.details.hint).toBe('check with `paygate widget get w_1` before trying again');
    // Whatever command the texts name is the one built from the resource's get command.
    const named = `${error?.message}\n${error?.details.hint}`.match(/paygate [^`\n]*/g);
    expect(new Set(named)).toEqual(new Set(['paygate widget get w_1']));
    expect(requests()).toEqual(['POST /v1/widgets/w_1/hold']);
    expect(io.stdout.text).toBe('');
  });

  it('a 500 to the POST: exit 9, the answer did not say; what to check is said once, in the hint', async () => {
    server.handle((_request, response) => json(response, 500, { error: { message: 'boom' } }));
    const { context } = fakeContext({ baseUrl: server.url });
    const error = await runResourceAction(holdOf('w_1'), context, true).then(
      () => undefined,
      (thrown: unknown) => thrown as { exitCode: number; message: string; details: { hint: string } },
    );
    await context.close();
    expect(error?.exitCode).toBe(9);
    expect(error?.message).toMatch(
      /^the hold of widget w_1 may or may not have happened: the gateway's answer does not say whether it did \(.*HTTP 500.*\)$/,
    );
    expect(error?.message).not.toContain('no answer came');
    expect(error?.message).not.toContain('check with');
    expect(error?.details.hint).toBe('check with `paygate widget get w_1` before trying again');
  });

  it('exit 9 in Portuguese: the same command in the hint', async () => {
    await speakPortuguese();
    server.handle(drop);
    const { context } = fakeContext({ baseUrl: server.url });
    await expect(runResourceAction(holdOf('w_1'), context, true)).rejects.toMatchObject({
      exitCode: 9,
      message: expect.stringMatching(
        /^the hold of widget w_1 pode ou não ter acontecido: nenhuma resposta chegou depois do envio \(/,
      ),
      details: expect.objectContaining({
        hint: 'confira com `paygate widget get w_1` antes de tentar de novo',
      }),
    });
    await context.close();
  });

  it("without a terminal and without --yes: exit 2 with the action's words, nothing sent", async () => {
    const requests = requestsFromNow();
    const { context } = fakeContext({ baseUrl: server.url });
    await expect(runResourceAction(holdOf('w_1'), context, false)).rejects.toMatchObject({
      exitCode: 2,
      message: '--yes is required to hold without a terminal',
    });
    await context.close();
    expect(requests()).toEqual([]);
  });

  it('at a terminal: the question names the resource as read; No sends nothing', async () => {
    serve({ id: 'w_1', status: 'active' }, {});
    const requests = requestsFromNow();
    const prompter = createScriptedPrompter([{ message: 'Hold widget w_1 (active)?', answer: false }]);
    const { context, io } = fakeContext({ baseUrl: server.url, tty: true, prompter });
    await expect(runResourceAction(holdOf('w_1'), context, false)).rejects.toMatchObject({
      exitCode: 2,
      message: 'Cancelled: not held, nothing was sent.',
    });
    await context.close();
    prompter.assertDone();
    expect(requests()).toEqual(['GET /v1/widgets/w_1']);
    expect(io.stdout.text).toBe('');
  });

  it('at a terminal, Yes: one POST; the answer is the widget, printed without fetching it again', async () => {
    serve({ id: 'w_1', status: 'active' }, { id: 'w_1', status: 'held' });
    const requests = requestsFromNow();
    const prompter = createScriptedPrompter([{ message: 'Hold widget w_1 (active)?', answer: true }]);
    const { context, io } = fakeContext({ baseUrl: server.url, tty: true, prompter });
    expect(await runResourceAction(holdOf('w_1'), context, false)).toBe(0);
    await context.close();
    prompter.assertDone();
    expect(requests()).toEqual(['GET /v1/widgets/w_1', 'POST /v1/widgets/w_1/hold']);
    expect(io.stdout.text).toBe('widget w_1 is held\n');
    expect(io.stderr.text).toContain('held widget w_1; now held');
  });

  it('an answer that is another resource (wrapped in its member): the widget fetched again, both statuses said', async () => {
    serve({ id: 'w_1', status: 'held' }, { hold: { id: 'h_9', status: 'in_process' } });
    const requests = requestsFromNow();
    const { context, io } = fakeContext({ baseUrl: server.url });
    expect(await runResourceAction(holdOf('w_1'), context, true)).toBe(0);
    await context.close();
    expect(requests()).toEqual(['POST /v1/widgets/w_1/hold', 'GET /v1/widgets/w_1']);
    expect(io.stdout.text).toBe('widget w_1 is held\n');
    expect(io.stderr.text).toContain('held widget w_1 (hold h_9: in_process); now held');
  });

  it('--json: the answer as received, nothing fetched again, no line for people', async () => {
    serve({ id: 'w_1', status: 'held' }, { hold: { id: 'h_9', status: 'in_process' } });
    const requests = requestsFromNow();
    const { context, io } = fakeContext({ baseUrl: server.url, globals: { json: true } });
    expect(await runResourceAction(holdOf('w_1'), context, true)).toBe(0);
    await context.close();
    expect(requests()).toEqual(['POST /v1/widgets/w_1/hold']);
    expect(JSON.parse(io.stdout.text)).toEqual({ hold: { id: 'h_9', status: 'in_process' } });
    expect(io.stderr.text).not.toContain('held widget');
  });

  it('an action without a question sends at once, --yes or not, terminal or not', async () => {
    serve({ id: 'w_1', status: 'held' }, { id: 'w_1', status: 'held' });
    const requests = requestsFromNow();
    const { context } = fakeContext({ baseUrl: server.url, tty: true });
    expect(await runResourceAction(holdOf('w_1', false), context)).toBe(0);
    await context.close();
    expect(requests()).toEqual(['POST /v1/widgets/w_1/hold']);
  });
});
