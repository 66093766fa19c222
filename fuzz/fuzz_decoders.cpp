// SPDX-License-Identifier: GPL-3.0-or-later
// Every decoder entry point on one reply. The input is a RESP reply when it parses as one
// (so arrays, nils, integers and errors reach the decoders), else the whole input as one bulk
// string (so a seed can be a plain JSON reply as a script returns it). Decoders are tolerant by
// contract: whatever the bytes, they return values or set BadReply, and never crash.
#include "qlessjobdecoder.h"
#include "qlesslistdecoder.h"
#include "qlesstext.h"
#include "qlessvaluedecoder.h"
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
    (void)QlessJobDecoder::job(reply, &error);
    (void)QlessListDecoder::queues(reply, &error);
    (void)QlessListDecoder::queue(reply, &error);
    (void)QlessListDecoder::jids(reply, &error);
    (void)QlessListDecoder::failureGroups(reply, &error);
    (void)QlessListDecoder::failedJobs(reply, &error);
    (void)QlessListDecoder::workers(reply, &error);
    (void)QlessListDecoder::workerJobs(reply, &error);
    (void)QlessListDecoder::trackedJobs(reply, &error);
    (void)QlessListDecoder::tags(reply, &error);
    (void)QlessListDecoder::taggedJobs(reply, &error);
    (void)QlessListDecoder::topTags(reply, &error);
    (void)QlessValueDecoder::dayStats(reply, &error);
    (void)QlessValueDecoder::config(reply, &error);
    (void)QlessValueDecoder::configValue(reply, &error);
    (void)QlessValueDecoder::recurringJob(reply, &error);
    (void)QlessValueDecoder::failedBatch(reply, &error);
    (void)QlessValueDecoder::flag(reply, &error);
    (void)QlessValueDecoder::integer(reply, &error);
    (void)QlessValueDecoder::strings(reply, &error);

    // The text helpers on the raw bytes as well.
    bool escaped = false;
    QJsonValue value;
    if (QlessText::parseJson(input, &value, &escaped))
        (void)QlessJobDecoder::job(value, escaped);
    (void)QlessText::displayText(input, &escaped);
    return 0;
}
