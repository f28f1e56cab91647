import { checkIntakeAnswers, isIntakeAnswerList, isPhoneNumber, SessionBookingMessages } from './session-booking.js';
import type { IntakeQuestion } from './session-types.js';

const GOAL: IntakeQuestion = { id: 'q-goal', label: 'What is your goal?', kind: 'short_text', required: true };
const STORY: IntakeQuestion = { id: 'q-story', label: 'Tell me more', kind: 'long_text', required: false };
const LEVEL: IntakeQuestion = { id: 'q-level', label: 'Your level', kind: 'choice', required: true, choices: ['Beginner', 'Advanced'] };
const QUESTIONS = [GOAL, STORY, LEVEL];
const good = { questionId: 'q-goal', answer: 'Ship it' };
const level = { questionId: 'q-level', answer: 'Beginner' };

describe('checkIntakeAnswers', () => {
  it.each([
    ['an answer to a question not asked', [good, level, { questionId: 'q-other', answer: 'x' }], SessionBookingMessages.unknownQuestion],
    ['a question answered twice', [good, good, level], SessionBookingMessages.repeatedAnswer('What is your goal?')],
    ['a required question left out', [level], SessionBookingMessages.answerRequired('What is your goal?')],
    ['a required question answered blank', [{ questionId: 'q-goal', answer: '  \n ' }, level], SessionBookingMessages.answerRequired('What is your goal?')],
    ['a required choice left out', [good], SessionBookingMessages.answerRequired('Your level')],
    ['a choice not among the choices', [good, { questionId: 'q-level', answer: 'Expert' }], SessionBookingMessages.notAChoice('Your level')],
    ['a choice in other capitals', [good, { questionId: 'q-level', answer: 'beginner' }], SessionBookingMessages.notAChoice('Your level')],
    ['a short answer past 200 characters', [{ questionId: 'q-goal', answer: 'a'.repeat(201) }, level], SessionBookingMessages.answerTooLong('What is your goal?', 200)],
    ['a long answer past 2000 characters', [good, level, { questionId: 'q-story', answer: 'b'.repeat(2001) }], SessionBookingMessages.answerTooLong('Tell me more', 2000)],
    ['a line break in a short answer', [{ questionId: 'q-goal', answer: 'one\ntwo' }, level], SessionBookingMessages.answerOneLine('What is your goal?')],
    ['a control character', [good, level, { questionId: 'q-story', answer: 'bell\u0007' }], SessionBookingMessages.answerMalformed('Tell me more')],
    ['a lone surrogate', [{ questionId: 'q-goal', answer: 'half \ud83d' }, level], SessionBookingMessages.answerMalformed('What is your goal?')],
  ])('refuses %s', (_, answers, refused) => {
    expect(checkIntakeAnswers(QUESTIONS, answers)).toEqual({ refused });
  });

  it('keeps the questions as asked with the trimmed answers, in the questions’ order, skipped optional ones left out', () => {
    expect(checkIntakeAnswers(QUESTIONS, [level, { questionId: 'q-goal', answer: '  Ship it  ' }, { questionId: 'q-story', answer: ' ' }])).toEqual({
      answers: [
        { question: 'What is your goal?', answer: 'Ship it' },
        { question: 'Your level', answer: 'Beginner' },
      ],
    });
  });

  it('lets a long answer keep its lines, and counts an emoji as one character', () => {
    const story = `${'😀'.repeat(1998)}\nx`;
    expect(checkIntakeAnswers(QUESTIONS, [good, level, { questionId: 'q-story', answer: story }])).toEqual({
      answers: [
        { question: 'What is your goal?', answer: 'Ship it' },
        { question: 'Tell me more', answer: story },
        { question: 'Your level', answer: 'Beginner' },
      ],
    });
  });

  it('takes no answers for a type without questions, and refuses any', () => {
    expect(checkIntakeAnswers([], [])).toEqual({ answers: [] });
    expect(checkIntakeAnswers([], [good])).toEqual({ refused: SessionBookingMessages.unknownQuestion });
  });
});

describe('isIntakeAnswerList', () => {
  it.each([
    ['not a list', 'q-goal=x'],
    ['an item that is not an object', ['x']],
    ['an answer that is not text', [{ questionId: 'q-goal', answer: 3 }]],
    ['a missing question id', [{ answer: 'x' }]],
    ['another field', [{ questionId: 'q-goal', answer: 'x', extra: true }]],
    ['more answers than questions a type may have', Array.from({ length: 6 }, (_, n) => ({ questionId: `q-${n}`, answer: 'x' }))],
  ])('refuses %s', (_, value) => {
    expect(isIntakeAnswerList(value)).toBe(false);
  });

  it('takes a list of question ids and answers', () => {
    expect(isIntakeAnswerList([good, level])).toBe(true);
    expect(isIntakeAnswerList([])).toBe(true);
  });
});

describe('isPhoneNumber', () => {
  it.each(['+1 (555) 123-4567', '0301234567', '+49 30 1234567', '1234567', '+123456789012345'])('takes %s', (phone) => {
    expect(isPhoneNumber(phone)).toBe(true);
  });

  it.each(['123456', '+1234567890123456', 'call me', '555-CALL-NOW', '+1 555 123 4567 ext. 2', '++15551234567', '', '<b>5551234567</b>'])(
    'refuses %s',
    (phone) => {
      expect(isPhoneNumber(phone)).toBe(false);
    },
  );
});
