import type { Metadata } from 'next';
import styles from '@/components/information/information.module.css';
import { Page, PageHeading } from '@/components/layout/page';
import { getConfig } from '@/lib/config';
import { methodText, POLICY_TEXT, regionRows } from '@/lib/age/public-summary';

// Made from the configuration, which changes only with a restart (and the build's rebuild).
export const revalidate = 86400;

export const metadata: Metadata = {
  title: 'Age assurance',
  description: 'How this site checks ages, region by region, and what it keeps of a check: nothing personal.',
  alternates: { canonical: '/information/age-assurance/' },
};

/** The public summary of the age-assurance method per region (lib/age/public-summary.ts). */
export default function AgeAssurancePage() {
  const c = getConfig();
  const rows = regionRows(c);
  const method = methodText(c);
  return (
    <Page narrow>
      <PageHeading title="Age assurance" />
      <p>
        This is an adult website. What a visitor is asked before it is shown depends on the law of the region they visit from. Every
        region not listed here: {POLICY_TEXT.none.toLowerCase()}
      </p>
      {rows.length > 0 ? (
        <table className={styles.policyTable} data-testid="age-policy-table">
          <thead>
            <tr>
              <th scope="col">Region</th>
              <th scope="col">Code</th>
              <th scope="col">What a visitor is asked</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.code} data-policy={r.policy}>
                <td>{r.name}</td>
                <td>{r.code}</td>
                <td>{r.asked}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <h2>The method</h2>
      <p data-testid="age-method">{method ?? 'This site uses no age-verification provider.'}</p>
      <h2>What this site keeps</h2>
      <p>
        Nothing personal. A check leaves one cookie in the visitor&apos;s browser, signed by the site, that holds only three things:
        that the visitor is 18 or older, the name of the method, and when it expires. No name, birth date, document, picture or
        identifier of the provider is stored or logged by this site.
      </p>
    </Page>
  );
}
