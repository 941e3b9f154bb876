// Placeholder until the age gate lands (visitor-features work); signature is the contract.
export function AgeGateScript(props: { countries: string[] }) {
  void props;
  return null;
}
