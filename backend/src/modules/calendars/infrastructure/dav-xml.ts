import { parseDocument, DomUtils } from 'htmlparser2';

type Element = ReturnType<typeof DomUtils.findAll>[number];
type Node = ReturnType<typeof parseDocument>['children'][number];

const isElement = (node: Node): node is Element => node.type === 'tag';

/**
 * Just enough of WebDAV's XML (RFC 4918 multistatus) for a calendar: elements are matched by their local
 * name, whatever prefix the server gave its namespaces (d:, D:, a default namespace…).
 */
const localName = (element: Element) => element.name.slice(element.name.indexOf(':') + 1).toLowerCase();

const children = (element: Element, name: string): Element[] =>
  element.children.filter((child): child is Element => isElement(child) && localName(child) === name);

const descendants = (root: Element | Element[], name: string): Element[] =>
  DomUtils.findAll((element) => localName(element) === name, Array.isArray(root) ? root : [root]);

export interface DavResource {
  href: string;
  /** The properties a 200 propstat carried, by local name (their text); `resourcetype` lists its children. */
  props: Map<string, string>;
  resourceTypes: string[];
}

/** The resources of a 207 Multi-Status answer, with the properties the server found (200 propstats only). */
export function parseMultistatus(xml: string): DavResource[] {
  const document = parseDocument(xml, { xmlMode: true });
  const responses = descendants(document.children.filter(isElement), 'response');
  return responses.map((response) => {
    const props = new Map<string, string>();
    const resourceTypes: string[] = [];
    for (const propstat of children(response, 'propstat')) {
      const status = children(propstat, 'status').map((element) => DomUtils.textContent(element))[0] ?? '';
      if (!/\s2\d\d\s/.test(` ${status} `)) continue;
      for (const prop of children(propstat, 'prop')) {
        for (const property of prop.children.filter(isElement)) {
          const name = localName(property);
          if (name === 'resourcetype') resourceTypes.push(...property.children.filter(isElement).map(localName));
          props.set(name, DomUtils.textContent(property));
        }
      }
    }
    const href = children(response, 'href').map((element) => DomUtils.textContent(element).trim())[0] ?? '';
    return { href, props, resourceTypes };
  });
}

/** Text for an XML element's content. */
export const xmlText = (value: string): string =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
