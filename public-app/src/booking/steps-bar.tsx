/** The booking's steps in order, the current one marked (aria-current) and the ones before it done. */
export function StepsBar<Key extends string>({
  steps,
  current,
}: {
  steps: ReadonlyArray<{ key: Key; label: string }>;
  current: Key;
}) {
  const at = steps.findIndex((item) => item.key === current);
  return (
    // Three steps or more never fit side by side whole: the current step's label only (booking.css).
    <ol className={steps.length > 2 ? 'steps steps-three' : 'steps'}>
      {steps.map((item, index) => (
        <li
          key={item.key}
          aria-current={index === at ? 'step' : undefined}
          className={index === at ? 'on' : index < at ? 'done' : undefined}
        >
          <span className="step-no">{index + 1}</span> <span className="step-label">{item.label}</span>
        </li>
      ))}
    </ol>
  );
}
