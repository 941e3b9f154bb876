import type { Metadata, Viewport } from 'next';
import { Suspense, type ReactNode } from 'react';
import { AgeGateDialog } from '@/components/agegate/age-gate-dialog';
import { BeforePaintScript } from '@/components/app-shell/before-paint-script';
import { VisitorShell } from '@/components/app-shell/visitor-shell';
import { categoryIndexHeading } from '@/components/categories/category-index';
import { CookieNotice } from '@/components/cookie-notice/cookie-notice';
import { Footer } from '@/components/footer/footer';
import { Header } from '@/components/header/header';
import { PreviewController } from '@/components/listing/preview-controller';
import { PageSkeleton } from '@/components/navigation/page-skeleton';
import { getConfig, publicConfig } from '@/lib/config';
import { loadingRoutes } from '@/lib/web/loading-page';
import { t } from '@/lib/i18n';
import './globals.css';

export function generateMetadata(): Metadata {
  const c = getConfig();
  return {
    metadataBase: new URL(`${c.siteUrl}/`),
    title: { default: c.siteName, template: `%s | ${c.siteName}` },
    description: t('site.defaultDescription'),
    applicationName: c.siteName,
    openGraph: { siteName: c.siteName, type: 'website' },
    twitter: { card: 'summary_large_image' },
    other: { rating: 'adult' },
    formatDetection: { telephone: false },
  };
}

export const viewport: Viewport = {
  width: 'device-width',
  initialScale: 1,
  themeColor: '#0f1115',
  colorScheme: 'dark',
};

export default function RootLayout({ children }: { children: ReactNode }) {
  const c = getConfig();
  return (
    <html lang="en">
      <body>
        <BeforePaintScript />
        <a href="#content" className="skip-link">
          {t('site.skipToContent')}
        </a>
        <Header siteName={c.siteName} />
        {/* Early in the HTML (it is fixed to the bottom of the viewport): it paints with the first
            chunk of the page instead of after the listing and the scripts (it is often the LCP). */}
        <CookieNotice />
        <main id="content" tabIndex={-1}>
          {children}
          {/* It reads the query (useSearchParams): its own boundary keeps the pages static. */}
          <Suspense fallback={null}>
            <PageSkeleton categoryIndex={categoryIndexHeading()} routes={loadingRoutes()} />
          </Suspense>
        </main>
        <Footer />
        <VisitorShell config={publicConfig(c)} />
        <AgeGateDialog />
        <PreviewController />
      </body>
    </html>
  );
}
