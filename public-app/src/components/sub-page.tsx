import type { PublicUserView } from '@linkbio/shared-contracts';
import type { ReactNode } from 'react';
import { pageLook } from '../lib/look';
import { pageUrl } from '../lib/urls';
import { Texts } from '../texts';
import { Document } from './document';
import { ChevronLeftIcon } from './icons';

export interface ClientScript {
  /** The hashed module's address, under /p/assets/. */
  src: string;
  /** Chunks it imports, to preload in parallel. */
  preload: string[];
}

export interface SubPageProps {
  user: PublicUserView;
  origin: string;
  title: string;
  description: string;
  /** The page's own path, for its canonical URL ('/book/maya'). */
  path: string;
  css: string;
  /** The page's script, or null when it has nothing to run. */
  script: ClientScript | null;
  children: ReactNode;
}

/**
 * A page under a creator's address (/book/{username}, /tip/{username}): in the creator's look, with the way
 * back to their page above its content, and its own script (the module and its chunks to preload).
 */
export function SubPage({ user, origin, title, description, path, css, script, children }: SubPageProps) {
  const look = pageLook(user, origin);
  return (
    <Document
      title={title}
      description={description}
      canonical={pageUrl(origin, path)}
      themeColor={look.themeColor}
      css={css}
      bodyClassName={`${look.className} booking`}
      bodyStyle={look.backgroundColor ? { backgroundColor: look.backgroundColor } : undefined}
      head={
        script && (
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
          {children}
        </main>
      </div>
    </Document>
  );
}
