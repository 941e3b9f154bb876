// With lifetime 0 the spec names the path 'jsond' instead of 'json'; the answer is the same, uncached.
export { GET } from '../../../../json/main/[lifetime]/[file]/route';
