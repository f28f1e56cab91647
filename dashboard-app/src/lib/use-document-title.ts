import { useEffect } from 'react';

/** Sets the browser tab's title for the current screen. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title === 'Linkbio' ? title : `${title} · Linkbio`;
  }, [title]);
}
