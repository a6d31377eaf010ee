// A hollow node for sigma: the circle program with a fragment shader that leaves the middle
// transparent. Used for ghost nodes (parents the archive does not contain). In picking mode the
// whole disc counts, so the hollow is still hovered and clicked.
import type { Attributes } from 'graphology-types';
import { NodeCircleProgram } from 'sigma/rendering';

const RING_FRAGMENT_SHADER = /* glsl */ `
precision highp float;

varying vec4 v_color;
varying vec2 v_diffVector;
varying float v_radius;

uniform float u_correctionRatio;

const vec4 transparent = vec4(0.0, 0.0, 0.0, 0.0);

void main(void) {
  float border = u_correctionRatio * 2.0;
  float r = length(v_diffVector);
  #ifdef PICKING_MODE
  gl_FragColor = r > v_radius ? transparent : v_color;
  #else
  float outer = 1.0 - smoothstep(v_radius - border, v_radius, r);
  float inner = v_radius - max(v_radius * 0.4, border * 1.5);
  float ring = smoothstep(inner - border, inner, r);
  gl_FragColor = mix(transparent, v_color, outer * ring);
  #endif
}
`;

export class NodeRingProgram<
  N extends Attributes = Attributes,
  E extends Attributes = Attributes,
  G extends Attributes = Attributes,
> extends NodeCircleProgram<N, E, G> {
  getDefinition() {
    return { ...super.getDefinition(), FRAGMENT_SHADER_SOURCE: RING_FRAGMENT_SHADER };
  }
}
