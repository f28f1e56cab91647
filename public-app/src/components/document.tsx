import type { CSSProperties, ReactNode } from 'react';

export interface SocialTags {
  title: string;
  description: string;
  url: string;
  type: 'profile' | 'website';
  image: string | null;
  username?: string;
  siteName?: string;
  /** The image is one chosen for sharing (wide): a large preview card. */
  largeImage?: boolean;
}

export interface DocumentProps {
  title: string;
  description: string;
  /** The page's own address; absent on error pages. */
  canonical?: string;
  noIndex?: boolean;
  themeColor: string;
  social?: SocialTags;
  /** Our own built stylesheet, inlined: the page needs no second request to paint. */
  css: string;
  bodyClassName: string;
  bodyStyle?: CSSProperties;
  /** Extra head elements (module scripts of a page that hydrates). */
  head?: ReactNode;
  children: ReactNode;
}

/** The HTML document around every public page: head, meta tags for search and link previews, inline CSS. */
export function Document({
  title,
  description,
  canonical,
  noIndex,
  themeColor,
  social,
  css,
  bodyClassName,
  bodyStyle,
  head,
  children,
}: DocumentProps) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
        <meta name="description" content={description} />
        {noIndex && <meta name="robots" content="noindex" />}
        {canonical && <link rel="canonical" href={canonical} />}
        <meta name="theme-color" content={themeColor} />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {social && <SocialMeta {...social} />}
        {/* Our own CSS from the build (no visitor or creator data), so setting it raw is safe. */}
        <style dangerouslySetInnerHTML={{ __html: css }} />
        {head}
      </head>
      <body className={bodyClassName} style={bodyStyle}>
        {children}
      </body>
    </html>
  );
}

/** OpenGraph and Twitter card tags, so a shared page previews with the creator's name, bio and picture. */
function SocialMeta({ title, description, url, type, image, username, siteName, largeImage }: SocialTags) {
  return (
    <>
      <meta property="og:type" content={type} />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={url} />
      {siteName && <meta property="og:site_name" content={siteName} />}
      {image && <meta property="og:image" content={image} />}
      {image && <meta property="og:image:alt" content={title} />}
      {username && <meta property="profile:username" content={username} />}
      <meta name="twitter:card" content={image && largeImage ? 'summary_large_image' : 'summary'} />
      <meta name="twitter:title" content={title} />
      <meta name="twitter:description" content={description} />
      {image && <meta name="twitter:image" content={image} />}
    </>
  );
}
