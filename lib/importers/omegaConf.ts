// OmegaConf objects as PyYAML dumps them (`yaml.dump(cfg)` on a DictConfig instead of
// `OmegaConf.to_yaml(cfg)`): every container is {_content, _metadata, _parent, ...} and every
// leaf {_val, _metadata, _parent}. After the `_parent` back-references are dropped
// (parseYamlBounded's dropBackReferences), this turns such a tree back into the plain config
// it stands for. A config that is plain YAML already comes back unchanged.
type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
/** OmegaConf's bookkeeping keys beside _content / _val. */
const BOOKKEEPING = /^_(metadata|parent|flags_cache|key|ref_type|object_type)$/;

const isOmegaNode = (v: Json, payload: '_content' | '_val') =>
  payload in v && Object.keys(v).every((k) => k === payload || BOOKKEEPING.test(k));

export function unwrapOmegaConf(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(unwrapOmegaConf);
  if (!isObject(v)) return v;
  if (isOmegaNode(v, '_content')) return unwrapOmegaConf(v._content);
  if (isOmegaNode(v, '_val')) return unwrapOmegaConf(v._val);
  return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, unwrapOmegaConf(x)]));
}
