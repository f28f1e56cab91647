import { formatCents, type Attribution, type PublicTipsView } from '@linkbio/shared-contracts';
import { withAttribution } from '../lib/attribution';
import { SaleTexts } from '../checkout/sale-texts';

/**
 * The bio page's 'Support me' block (issue 27): three preset amounts and a custom one, each a plain link to the
 * tip page (/tip/{username}?amount=500, with the visit's attribution), so the page needs no script for it.
 */
export function SupportBlock({
  username,
  tips,
  attribution,
}: {
  username: string;
  tips: PublicTipsView;
  attribution?: Attribution | null;
}) {
  const tipPage = `/tip/${username}`;
  return (
    <section className="support" aria-labelledby="support-me">
      <h2 id="support-me" className="block-header">
        {SaleTexts.supportMe}
      </h2>
      {tips.message && <p className="support-text">{tips.message}</p>}
      <ul className="support-amounts">
        {tips.presets.map((cents) => (
          <li key={cents}>
            <a className="support-amount" href={withAttribution(`${tipPage}?amount=${cents}`, attribution)}>
              ${formatCents(cents)}
            </a>
          </li>
        ))}
        <li>
          <a className="support-amount" href={withAttribution(tipPage, attribution)}>
            {SaleTexts.customAmount}
          </a>
        </li>
      </ul>
    </section>
  );
}
