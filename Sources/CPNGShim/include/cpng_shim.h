#ifndef CPNG_SHIM_H
#define CPNG_SHIM_H
/* Placeholder: the image pipeline's C shim over libpng. Exposes only plain C types. */
int cpng_shim_version(void);
#endif
