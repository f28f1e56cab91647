/*
 * The subscribe block's script (sent only with a page that has the block): posts the address with fetch and
 * shows the answer ("Check your inbox to confirm.") in place. Without it, the form posts and a page answers.
 */
const form = document.querySelector<HTMLFormElement>('form[data-subscribe]');
form?.addEventListener('submit', (event) => {
  event.preventDefault();
  const status = form.querySelector('.sub-msg')!;
  const button = form.querySelector('button')!;
  button.disabled = true;
  fetch(`/api/users/${form.dataset.subscribe}/subscribe`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: (form.elements.namedItem('email') as HTMLInputElement).value }),
  })
    .then(async (response) => {
      const answer = (await response.json().catch(() => ({}))) as { message?: unknown };
      status.textContent = typeof answer.message === 'string' ? answer.message : 'Something went wrong. Please try again.';
      if (response.ok) form.reset();
    })
    .catch(() => (status.textContent = 'Something went wrong. Please try again.'))
    .finally(() => (button.disabled = false));
});
