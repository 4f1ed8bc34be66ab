// A confirmation (src/prompter.ts): inquirer's confirm reads only y/n and takes anything else for
// its default, so the question is a line that takes s/sim and n/não too, shows `(S/n)` in
// Portuguese, and asks again, on an empty line, after an answer that is neither.
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createInquirerPrompter } from '../../src/prompter.js';
import { createFakeIO } from '../helpers/fake-io.js';
import { englishAfterEachTest, speakPortuguese } from '../helpers/language.js';
import { untilValue } from '../helpers/until-value.js';

englishAfterEachTest();

/** Asks `confirm` with a scripted terminal: each answer typed once the question shows (again). */
async function confirmTyping(
  answers: string[],
  defaultAnswer?: boolean,
  question = 'Enviar a transferência?',
) {
  const io = createFakeIO({ tty: true });
  const stdin = new PassThrough();
  const prompter = createInquirerPrompter({ ...io, stdin });
  const asked = prompter.confirm({
    message: question,
    ...(defaultAnswer === undefined ? {} : { default: defaultAnswer }),
  });
  for (const [index, answer] of answers.entries()) {
    // The question shows once more for each answer: a refused one is not kept on the line.
    await untilValue(() => (io.stderr.text.split(question).length > index + 1 ? true : undefined));
    stdin.write(`${answer}\n`);
  }
  return { answer: await asked, screen: io.stderr.text };
}

describe('a confirmation in Portuguese', () => {
  it('shows (S/n) and takes sim as yes', async () => {
    await speakPortuguese();
    const { answer, screen } = await confirmTyping(['sim']);
    expect(answer).toBe(true);
    expect(screen).toContain('Enviar a transferência? (S/n)');
    expect(screen).toContain('Sim');
  });

  it('takes não as no, and Enter as the default', async () => {
    await speakPortuguese();
    expect((await confirmTyping(['não'])).answer).toBe(false);
    expect((await confirmTyping([''], false)).answer).toBe(false);
    expect((await confirmTyping([''], true)).answer).toBe(true);
  });

  it('asks again on an answer that is neither, never taking it as the default', async () => {
    await speakPortuguese();
    const { answer, screen } = await confirmTyping(['talvez', 's'], false);
    expect(answer).toBe(true);
    expect(screen).toContain('(s/N)');
    expect(screen).toContain('Responda s (sim) ou n (não).');
    // The second answer read alone: `talvez` was not kept on the line (`talvezs`).
    expect(screen).not.toContain('talvezs');
  });
});

describe('a confirmation in English', () => {
  it('asks again on an answer that is neither: a `maybe` is never the default', async () => {
    const refusedNo = await confirmTyping(['maybe', 'y'], false, 'Create a charge?');
    expect(refusedNo.answer).toBe(true);
    expect(refusedNo.screen).toContain('Create a charge? (y/N)');
    expect(refusedNo.screen).toContain('Answer y (yes) or n (no).');
    const refusedYes = await confirmTyping(['maybe', 'n'], true, 'Send the payout?');
    expect(refusedYes.answer).toBe(false);
    expect(refusedYes.screen).toContain('Send the payout? (Y/n)');
  });

  it('takes y, yes, n, no and Enter as the default', async () => {
    expect((await confirmTyping(['yes'], false, 'Go?')).answer).toBe(true);
    expect((await confirmTyping(['n'], true, 'Go?')).answer).toBe(false);
    expect((await confirmTyping([''], true, 'Go?')).answer).toBe(true);
    expect((await confirmTyping([''], false, 'Go?')).answer).toBe(false);
  });
});
