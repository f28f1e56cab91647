import { Avatar } from '../components/avatar';
import { Document } from '../components/document';
import { ChevronLeftIcon } from '../components/icons';
import { CHECKOUT_ROOT_ID, type TipCheckoutData } from '../checkout/checkout-data';
import { SaleTexts } from '../checkout/sale-texts';
import { TipIsland } from '../checkout/tip-island';
import { pageLook } from '../lib/look';
import { pageUrl } from '../lib/urls';
import type { TipPageInput } from '../page-model';
import { Texts } from '../texts';
import type { ClientScript } from './booking-page';

/**
 * /tip/{username}?amount=500 (issue 27): rendered on the server like the booking page; the tip form hydrates
 * with its own small bundle (entry-tip.tsx) from the same data, which rides in data-checkout. With tips off,
 * it says so and offers the way back.
 */
export function TipPage({
  user,
  origin,
  tips,
  amountCents,
  css,
  script,
}: TipPageInput & { css: string; script: ClientScript | null }) {
  const look = pageLook(user, origin);
  const title = SaleTexts.tipPageTitle(user.displayName);
  const open = tips.enabled && script !== null;
  const data: TipCheckoutData = {
    kind: 'tip',
    username: user.username,
    displayName: user.displayName,
    presets: tips.presets,
    amountCents,
    message: tips.message,
  };
  return (
    <Document
      title={title}
      description={tips.message ?? title}
      canonical={pageUrl(origin, `/tip/${user.username}`)}
      themeColor={look.themeColor}
      css={css}
      bodyClassName={`${look.className} booking`}
      bodyStyle={look.backgroundColor ? { backgroundColor: look.backgroundColor } : undefined}
      head={
        open && (
          <>
            <script type="module" src={script.src} />
            {script.preload.map((href) => (
              <link key={href} rel="modulepreload" href={href} />
            ))}
          </>
        )
      }
    >
      <div className="screen" style={look.backgroundColor ? { background: look.backgroundColor } : undefined}>
        {look.backgroundImage && (
          <img className="bg-img" src={look.backgroundImage} alt="" width={1200} height={1600} decoding="async" />
        )}
        <main className="page">
          <a className="back" href={`/${user.username}`}>
            <ChevronLeftIcon />
            {Texts.backToProfile(user.displayName)}
          </a>
          <header className="profile profile-sm">
            <Avatar user={user} origin={origin} size={72} />
            <h1>{title}</h1>
            {tips.message && <p className="handle">{tips.message}</p>}
          </header>
          {open ? (
            <div id={CHECKOUT_ROOT_ID} data-checkout={JSON.stringify(data)}>
              <TipIsland {...data} />
            </div>
          ) : (
            <section className="panel">
              <h2>{SaleTexts.supportMe}</h2>
              <p className="panel-text">{SaleTexts.tipsOff(user.displayName)}</p>
              <a className="btn-primary" href={`/${user.username}`}>
                {Texts.backToProfile(user.displayName)}
              </a>
            </section>
          )}
        </main>
      </div>
    </Document>
  );
}
