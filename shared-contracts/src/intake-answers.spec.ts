import { checkCallablePhone, checkIntakeAnswer, intakeAnswersOf, IntakeMessages } from './intake-answers.js';
import type { IntakeQuestion } from './session-types.js';

const goal: IntakeQuestion = { id: 'q1', label: 'Your goal', kind: 'short_text', required: true };
const notes: IntakeQuestion = { id: 'q2', label: 'Anything else?', kind: 'long_text', required: false };
const level: IntakeQuestion = {
  id: 'q3',
  label: 'Level',
  kind: 'choice',
  required: true,
  choices: ['Beginner', 'Advanced'],
};

describe('checkIntakeAnswer', () => {
  it('asks for a required answer, blank or spaces, and lets an optional one be left out', () => {
    expect(checkIntakeAnswer(goal, '   ')).toBe(IntakeMessages.answerRequired('Your goal'));
    expect(checkIntakeAnswer(level, '')).toBe('Please answer "Level"');
    expect(checkIntakeAnswer(notes, '')).toBeNull();
  });

  it('takes short answers up to 200 characters and long ones up to 2000, counted as characters', () => {
    expect(checkIntakeAnswer(goal, 'a'.repeat(200))).toBeNull();
    expect(checkIntakeAnswer(goal, 'a'.repeat(201))).toBe(IntakeMessages.answerTooLong('Your goal', 200));
    expect(checkIntakeAnswer(goal, '😀'.repeat(200))).toBeNull();
    expect(checkIntakeAnswer(notes, 'b'.repeat(2000))).toBeNull();
    expect(checkIntakeAnswer(notes, 'b'.repeat(2001))).toBe(
      'The answer to "Anything else?" must be at most 2000 characters',
    );
  });

  it('takes only one of the offered choices, exactly', () => {
    expect(checkIntakeAnswer(level, 'Advanced')).toBeNull();
    expect(checkIntakeAnswer(level, 'advanced')).toBe(IntakeMessages.choiceNotOffered('Level'));
    expect(checkIntakeAnswer(level, 'Expert')).toBe(IntakeMessages.choiceNotOffered('Level'));
  });
});

describe('intakeAnswersOf', () => {
  it('sends the trimmed answers given, in the questions order, and leaves out blank ones', () => {
    expect(intakeAnswersOf([goal, notes, level], { q3: 'Beginner', q1: '  Ship it ', q2: '  ' })).toEqual([
      { questionId: 'q1', answer: 'Ship it' },
      { questionId: 'q3', answer: 'Beginner' },
    ]);
  });
});

describe('checkCallablePhone', () => {
  it.each(['+1 555 010 0100', '(030) 1234-5678', '0301234567'])('takes %s', (phone) => {
    expect(checkCallablePhone(phone)).toBeNull();
  });

  it('asks for a number, and refuses one without enough digits, with letters or too long', () => {
    expect(checkCallablePhone(' ')).toBe(IntakeMessages.phoneRequired);
    expect(checkCallablePhone('12345')).toBe(IntakeMessages.phoneInvalid);
    expect(checkCallablePhone('call me maybe')).toBe(IntakeMessages.phoneInvalid);
    expect(checkCallablePhone('1'.repeat(16))).toBe(IntakeMessages.phoneInvalid);
  });
});
