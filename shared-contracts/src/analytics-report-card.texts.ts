/**
 * The report card's outline (issue 29): what the dashboard shows before the report's own code has loaded, and
 * all that free creators see beside the upgrade notice (`ReportMessages.premiumOnly`). In a module of
 * their own, apart from `ReportTexts`, so the dashboard's first load carries only these.
 */
export const ReportCardTexts = {
  title: 'Analytics report',
  description:
    'Where your visitors come from and what they do: sources, campaigns, countries, devices and links, with the orders and revenue they bring.',
  freeDescription: 'Sources, campaigns, countries, devices and the orders they bring come with Premium.',
  loading: 'Loading the report',
} as const;
