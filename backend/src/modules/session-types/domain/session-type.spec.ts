import { withQuestionIds } from './session-type.js';

describe('withQuestionIds', () => {
  const counter = (ids: string[]) => () => ids.shift()!;

  it('keeps the ids sent and gives the others one no question of the type has', () => {
    const questions = withQuestionIds(
      [
        { label: 'A', kind: 'short_text', required: true },
        { id: 'q2', label: 'B', kind: 'long_text', required: false },
        { label: 'C', kind: 'choice', required: false, choices: ['x', 'y'] },
      ],
      counter(['q2', 'q1', 'q3']),
    );
    expect(questions).toEqual([
      { id: 'q1', label: 'A', kind: 'short_text', required: true },
      { id: 'q2', label: 'B', kind: 'long_text', required: false },
      { id: 'q3', label: 'C', kind: 'choice', required: false, choices: ['x', 'y'] },
    ]);
  });

  it('drops choices from a question that is not a choice', () => {
    expect(withQuestionIds([{ id: 'a', label: 'A', kind: 'short_text', required: true, choices: ['x', 'y'] }], counter([]))).toEqual([
      { id: 'a', label: 'A', kind: 'short_text', required: true },
    ]);
  });
});
