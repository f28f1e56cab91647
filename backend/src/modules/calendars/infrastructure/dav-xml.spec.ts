import { parseMultistatus } from './dav-xml.js';

describe('parseMultistatus (WebDAV answers, whatever their namespace prefixes)', () => {
  it('reads the resource types and properties of 200 propstats only', () => {
    const [resource] = parseMultistatus(`<?xml version="1.0"?>
      <D:multistatus xmlns:D="DAV:" xmlns:cal="urn:ietf:params:xml:ns:caldav">
        <D:response><D:href>/dav/cal/</D:href>
          <D:propstat><D:prop><D:resourcetype><D:collection/><cal:calendar/></D:resourcetype></D:prop><D:status>HTTP/1.1 200 OK</D:status></D:propstat>
          <D:propstat><D:prop><D:getetag/></D:prop><D:status>HTTP/1.1 404 Not Found</D:status></D:propstat>
        </D:response>
      </D:multistatus>`);
    expect(resource).toEqual({ href: '/dav/cal/', props: new Map([['resourcetype', '']]), resourceTypes: ['collection', 'calendar'] });
  });

  it('reads calendar data with its entities and CDATA undone, in a default namespace', () => {
    const resources = parseMultistatus(`<multistatus xmlns="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">
      <response><href>/a.ics</href><propstat><prop><getetag>"1"</getetag><C:calendar-data>BEGIN:VCALENDAR&#13;
SUMMARY:Tom &amp; Jerry</C:calendar-data></prop><status>HTTP/1.1 200 OK</status></propstat></response>
      <response><href>/b.ics</href><propstat><prop><C:calendar-data><![CDATA[BEGIN:VCALENDAR <x>]]></C:calendar-data></prop><status>HTTP/1.1 200 OK</status></propstat></response>
    </multistatus>`);
    expect(resources.map((resource) => resource.props.get('calendar-data'))).toEqual(['BEGIN:VCALENDAR\r\nSUMMARY:Tom & Jerry', 'BEGIN:VCALENDAR <x>']);
    expect(resources[0]!.props.get('getetag')).toBe('"1"');
  });

  it('answers nothing for text that is no multistatus', () => {
    expect(parseMultistatus('<html><body>Sign in</body></html>')).toEqual([]);
    expect(parseMultistatus('')).toEqual([]);
  });
});
