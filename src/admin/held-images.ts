/**
 * A held comment's images, kept back until the owner asks: an image from a commenter's server
 * would tell its owner the site owner's address and when they moderate. The body is the one
 * DOMPurify made; it is changed inside a `<template>`, whose content is inert (no image loads),
 * and shown through DOMPurify again, as every body is.
 */

export interface WithoutImages {
  /** The body with each image as a text placeholder naming the image's host. */
  html: string
  /** How many images were kept back. */
  count: number
}

/** `clean`, sanitised comment HTML, with every `<img>` replaced by a placeholder. */
export function withoutImages(clean: string, label: (host: string) => string): WithoutImages {
  const template = document.createElement('template')
  template.innerHTML = clean
  const images = [...template.content.querySelectorAll('img')]
  for (const img of images) {
    img.replaceWith(label(hostOf(img.getAttribute('src') ?? '')))
  }
  return { html: template.innerHTML, count: images.length }
}

function hostOf(src: string): string {
  try {
    return new URL(src, location.href).host
  } catch {
    return ''
  }
}
