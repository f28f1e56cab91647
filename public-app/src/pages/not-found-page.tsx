import type { ReactNode } from 'react';
import { Document } from '../components/document';
import { BrokenLinkIcon, ClockIcon, UserMissingIcon } from '../components/icons';
import { Texts } from '../texts';

/** A centred card answering 404 or 503, kept out of search results. */
function NotFoundCard({
  css,
  title,
  message,
  icon,
  action,
}: {
  css: string;
  title: string;
  message: string;
  icon: ReactNode;
  action: ReactNode;
}) {
  return (
    <Document title={title} description={message} noIndex themeColor="#f8fafc" css={css} bodyClassName="t-default">
      <main className="center">
        <div className="card">
          <span className="card-icon">{icon}</span>
          <h1>{title}</h1>
          <p>{message}</p>
          {action}
        </div>
      </main>
    </Document>
  );
}

/** An unknown username (spec §2, §8): the 'User Not Found' card and a way to claim a page of one's own. */
export function UserNotFoundPage({ css }: { css: string }) {
  return (
    <NotFoundCard
      css={css}
      title={Texts.userNotFoundTitle}
      message={Texts.userNotFoundMessage}
      icon={<UserMissingIcon />}
      action={
        <a className="btn-primary" href="/auth">
          {Texts.createYourOwnPage}
        </a>
      }
    />
  );
}

/** /go/{id} of a link that is switched off, deleted or never existed. */
export function LinkNotFoundPage({ css }: { css: string }) {
  return (
    <NotFoundCard
      css={css}
      title={Texts.linkNotFoundTitle}
      message={Texts.linkNotFoundMessage}
      icon={<BrokenLinkIcon />}
      action={
        <a className="btn-primary" href="/">
          {Texts.goHome}
        </a>
      }
    />
  );
}

/** A product that is hidden, deleted, someone else's or never existed (issue 27). */
export function ProductNotFoundPage({ css }: { css: string }) {
  return (
    <NotFoundCard
      css={css}
      title={Texts.productNotFoundTitle}
      message={Texts.productNotFoundMessage}
      icon={<BrokenLinkIcon />}
      action={
        <a className="btn-primary" href="/">
          {Texts.goHome}
        </a>
      }
    />
  );
}

/** The page could not be read right now (503 with Retry-After): nothing the visitor did; try again. */
export function UnavailablePage({ css }: { css: string }) {
  return (
    <NotFoundCard
      css={css}
      title={Texts.unavailableTitle}
      message={Texts.unavailableMessage}
      icon={<ClockIcon />}
      action={
        <a className="btn-primary" href="">
          {Texts.tryAgain}
        </a>
      }
    />
  );
}
