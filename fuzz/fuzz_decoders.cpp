// SPDX-License-Identifier: GPL-3.0-or-later
// Every QlessDecoder entry point on one reply. The input is a RESP reply when it parses as one
// (so arrays, nils, integers and errors reach the decoders), else the whole input as one bulk
// string (so a seed can be a plain JSON reply as a script returns it). Decoders are tolerant by
// contract: whatever the bytes, they return values or set BadReply, and never crash.
#include "qlessdecoder.h"
#include "respreader.h"

#include <cstddef>
#include <cstdint>

namespace {
RedisReply replyFrom(const QByteArray &input)
{
    RespReader reader;
    reader.feed(input);
    RedisReply reply;
    if (reader.next(&reply) == RespReader::Result::Reply)
        return reply;
    RedisReply text;
    text.type = RedisReply::Type::String;
    text.bytes = input;
    return text;
}
} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray input(reinterpret_cast<const char *>(data), qsizetype(size));
    const RedisReply reply = replyFrom(input);

    RedisError error;
    (void)QlessDecoder::job(reply, &error);
    (void)QlessDecoder::queues(reply, &error);
    (void)QlessDecoder::queue(reply, &error);
    (void)QlessDecoder::jids(reply, &error);
    (void)QlessDecoder::failureGroups(reply, &error);
    (void)QlessDecoder::failedJobs(reply, &error);
    (void)QlessDecoder::workers(reply, &error);
    (void)QlessDecoder::workerJobs(reply, &error);
    (void)QlessDecoder::trackedJobs(reply, &error);
    (void)QlessDecoder::tags(reply, &error);
    (void)QlessDecoder::taggedJobs(reply, &error);
    (void)QlessDecoder::topTags(reply, &error);
    (void)QlessDecoder::dayStats(reply, &error);
    (void)QlessDecoder::config(reply, &error);
    (void)QlessDecoder::configValue(reply, &error);
    (void)QlessDecoder::recurringJob(reply, &error);
    (void)QlessDecoder::failedBatch(reply, &error);
    (void)QlessDecoder::flag(reply, &error);
    (void)QlessDecoder::integer(reply, &error);
    (void)QlessDecoder::strings(reply, &error);

    // The text helpers on the raw bytes as well.
    bool escaped = false;
    QJsonValue value;
    if (QlessDecoder::parseJson(input, &value, &escaped))
        (void)QlessDecoder::job(value, escaped);
    (void)QlessDecoder::displayText(input, &escaped);
    return 0;
}
