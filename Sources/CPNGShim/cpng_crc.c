/* CRC-32 (ISO-HDLC, as PNG chunks use), slicing by eight bytes at a time. Implemented here rather
 * than taken from zlib so this target links nothing but libpng. */

#include "cpng_shim.h"

#include <pthread.h>

static uint32_t table[8][256];
static pthread_once_t table_once = PTHREAD_ONCE_INIT;

static void build_table(void) {
    for (uint32_t n = 0; n < 256; n++) {
        uint32_t c = n;
        for (int k = 0; k < 8; k++) c = (c & 1) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
        table[0][n] = c;
    }
    for (uint32_t n = 0; n < 256; n++) {
        uint32_t c = table[0][n];
        for (int s = 1; s < 8; s++) {
            c = table[0][c & 0xFF] ^ (c >> 8);
            table[s][n] = c;
        }
    }
}

uint32_t cpng_crc32(uint32_t crc, const uint8_t *bytes, size_t count) {
    pthread_once(&table_once, build_table);
    uint32_t c = ~crc;
    while (count >= 8) {
        uint32_t lo = c ^ ((uint32_t)bytes[0] | (uint32_t)bytes[1] << 8 | (uint32_t)bytes[2] << 16 |
                           (uint32_t)bytes[3] << 24);
        uint32_t hi =
            (uint32_t)bytes[4] | (uint32_t)bytes[5] << 8 | (uint32_t)bytes[6] << 16 | (uint32_t)bytes[7] << 24;
        c = table[7][lo & 0xFF] ^ table[6][(lo >> 8) & 0xFF] ^ table[5][(lo >> 16) & 0xFF] ^ table[4][lo >> 24] ^
            table[3][hi & 0xFF] ^ table[2][(hi >> 8) & 0xFF] ^ table[1][(hi >> 16) & 0xFF] ^ table[0][hi >> 24];
        bytes += 8;
        count -= 8;
    }
    while (count-- > 0) c = table[0][(c ^ *bytes++) & 0xFF] ^ (c >> 8);
    return ~c;
}
