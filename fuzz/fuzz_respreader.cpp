// SPDX-License-Identifier: GPL-3.0-or-later
// The RESP reader on a byte stream cut into arbitrary pieces, as a socket may deliver it: every
// reply it hands out must be whole and well formed, and a malformed stream must end in Failed,
// never in a crash, a hang or a read past the bytes fed.
#include "respreader.h"

#include <cstddef>
#include <cstdint>

namespace {
// Walks a reply the way the decoders do, so a broken tree (a dangling element, a bad length)
// shows up under ASan here rather than later in a decoder.
qsizetype touch(const RedisReply &reply, int depth = 0)
{
    qsizetype total = reply.bytes.size() + qsizetype(reply.integer & 1);
    if (depth > 64)
        return total;
    for (const RedisReply &element : reply.elements)
        total += touch(element, depth + 1);
    return total;
}
} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0)
        return 0;
    // The first byte picks how the rest is cut into pieces (1..256 bytes each).
    const size_t piece = size_t(data[0]) + 1;
    const char *bytes = reinterpret_cast<const char *>(data + 1);
    const size_t length = size - 1;

    RespReader reader;
    for (size_t offset = 0; offset < length; offset += piece) {
        const size_t n = qMin(piece, length - offset);
        reader.feed(QByteArray(bytes + offset, qsizetype(n)));
        for (;;) {
            RedisReply reply;
            const RespReader::Result result = reader.next(&reply);
            if (result == RespReader::Result::Reply) {
                touch(reply);
                continue;
            }
            if (result == RespReader::Result::Failed) {
                // The connection would be dropped and the reader reset: that must work too.
                (void)reader.errorString();
                reader.reset();
                return 0;
            }
            break; // NeedMore
        }
    }
    return 0;
}
