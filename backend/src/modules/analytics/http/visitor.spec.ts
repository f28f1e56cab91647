import { clickSource, visitSource, visitorFrom } from './visitor.js';

const OWN = ['linkbio.example:8080', 'bio.example'];

describe('where a visit came from', () => {
  it('takes the campaign parameters of the page’s address, the first of each, cleaned', () => {
    expect(
      visitSource(
        '/maya?utm_source=newsletter&utm_medium=email&utm_campaign=spring&utm_source=other',
        'https://t.co/x',
        OWN,
      ),
    ).toEqual({
      source: 'newsletter',
      medium: 'email',
      campaign: 'spring',
    });
    expect(visitSource('/maya?utm_campaign=%20launch%0A', undefined, OWN)).toEqual({
      source: null,
      medium: null,
      campaign: 'launch',
    });
  });

  it('takes the referring host as the source when the address names none, unless it is the product’s own', () => {
    expect(visitSource('/maya', 'https://news.example.com/item?id=1', OWN)).toEqual({
      source: 'news.example.com',
      medium: null,
      campaign: null,
    });
    expect(visitSource('/maya', 'https://LinkBio.example/other', OWN)).toBeNull();
    expect(visitSource('/maya', 'http://bio.example:3000/x', OWN)).toBeNull();
    expect(visitSource('/maya?utm_medium=qr', 'https://linkbio.example/', OWN)).toEqual({
      source: null,
      medium: 'qr',
      campaign: null,
    });
  });

  it('is none for a direct visit, an empty query or a referrer that is no web page', () => {
    expect(visitSource('/maya', undefined, OWN)).toBeNull();
    expect(visitSource('/maya?', undefined, OWN)).toBeNull();
    expect(visitSource('/maya?booked=true', undefined, OWN)).toBeNull();
    expect(visitSource('/maya', 'android-app://com.example', OWN)).toBeNull();
  });

  it('carries a click’s source on /go’s address, or on the bio page’s address the click call came from', () => {
    expect(clickSource('/go/1?utm_source=newsletter', 'https://linkbio.example/maya', OWN)).toEqual({
      source: 'newsletter',
      medium: null,
      campaign: null,
    });
    expect(
      clickSource('/api/links/1/click', 'https://linkbio.example/maya?utm_source=ig&utm_campaign=launch', OWN),
    ).toEqual({
      source: 'ig',
      medium: null,
      campaign: 'launch',
    });
    expect(clickSource('/api/links/1/click', 'https://linkbio.example/maya', OWN)).toBeNull();
    expect(clickSource('/go/1', 'https://elsewhere.example/page?utm_source=ig', OWN)).toEqual({
      source: 'elsewhere.example',
      medium: null,
      campaign: null,
    });
  });

  it('keeps the address and User-Agent for the recorder only when there is an address', () => {
    expect(visitorFrom('Mozilla/5.0 (iPhone) Mobile', null, '193.0.0.1').origin).toEqual({
      address: '193.0.0.1',
      userAgent: 'Mozilla/5.0 (iPhone) Mobile',
    });
    expect(visitorFrom(undefined, null, '193.0.0.1').origin).toEqual({ address: '193.0.0.1', userAgent: '' });
    expect(visitorFrom('Mozilla/5.0', null, undefined).origin).toBeNull();
  });
});
