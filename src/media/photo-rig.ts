import type { Box } from './rig.ts'

/** Layout of a talking-photo rig: precomputed once per avatar, stored next to its picture. */
export interface PhotoRigMeta {
  version: 1
  /** Side of the square crop the rig was computed on. */
  size: number
  atlas: { width: number; height: number }
  /** Area of the crop the mouth patches replace, and of the eye patches. */
  mouth: Box
  eyes: Box
  /** Each precomputed mouth: its pose and where its patch sits in the atlas. */
  mouths: { key: string; open: number; wide: number; at: { x: number; y: number } }[]
  eyeStates: { state: 'half' | 'closed'; at: { x: number; y: number } }[]
}
