import { GATE_CSS, gateScript } from './gate';

/**
 * The first child of <body> (rendered by the root layout): sets the gate class before first
 * paint for visitors from a gated country who have not confirmed their age, so that they never
 * see a flash of content. Server component: no JavaScript bundle of its own.
 */
export function AgeGateScript({ countries }: { countries: string[] }) {
  return (
    <>
      <style dangerouslySetInnerHTML={{ __html: GATE_CSS }} />
      <script dangerouslySetInnerHTML={{ __html: gateScript(countries) }} />
    </>
  );
}
