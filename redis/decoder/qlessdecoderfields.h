// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "job.h"
#include "redisreply.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QJsonValue>
#include <QString>
#include <QStringList>

#include <optional>

// The pieces the decoders share to read a reply's fields (QlessJobDecoder: jobs, QlessListDecoder:
// lists and summaries, QlessValueDecoder: single values; QlessText: UTF-8 and JSON). Internal to
// the decoders: callers use those classes.
namespace QlessDecoderFields {

// Sets a BadReply error ("Unexpected reply: <what>") unless `error` already holds one.
void badReply(RedisError *error, const QString &what);
// A JSON value as one line of text: strings as they are, numbers in full, lists/objects as JSON.
QString compact(const QJsonValue &value);
// A list, with Lua's `{}` for an empty one accepted. False when it is neither.
bool asList(const QJsonValue &value, QJsonArray *out);
QStringList stringList(const QJsonArray &array);
// A list field of a record: problems recorded, never fatal.
QStringList listField(const QJsonObject &object, const QString &name, FieldProblems *problems, bool required = false);
// Lua's false is its nil: qless's scripts reply `false` for a hash field that is not there
// (`spawned_from_jid` of a job no recurring template spawned).
bool absent(const QJsonValue &value);
QString stringField(const QJsonObject &object, const QString &name, FieldProblems *problems, bool required);
// A number field. Numbers written as text are read as numbers; an empty text counts as absent,
// since current qless writes '' for "none" (`expires` of a job that holds no lock). Anything else
// that is not a finite number is a problem, with the value as found.
double numberField(const QJsonObject &object, const QString &name, FieldProblems *problems, bool required);
qint64 count(const QJsonObject &object, const QString &name);
// A JSON number as a whole number: NaN is 0 and anything beyond qint64 is held at its limit,
// since casting such a double is undefined behaviour (a reply may carry 1e300 for a count).
qint64 wholeNumber(double value);
// A number, or a number written as text.
double number(const QJsonValue &value);
// The reply's text as JSON (invalid UTF-8 escaped, *escaped set), or false with a BadReply error.
bool replyJson(const RedisReply &reply, QJsonValue *out, bool *escaped, RedisError *error);
// A reply that must be a JSON list of `what`: the list, or false with a BadReply error.
bool replyList(const RedisReply &reply, QJsonArray *out, const QString &what, RedisError *error);
// A JSON list of jobs, each read by `read` (QlessJobDecoder::job, or
// QlessJobDecoder::jobSummary for lists of row summaries), or none with a BadReply error.
QList<Job> jobList(const QJsonValue &value, bool escaped, RedisError *error, Job (*read)(const QJsonValue &, bool));
// One job's reply (a JSON object, `what` in the error when it is not one) read by `read`; nullopt
// for nil (no such job) or with a BadReply error.
std::optional<Job> jobReply(const RedisReply &reply, RedisError *error, const QString &what,
                            Job (*read)(const QJsonValue &, bool));

} // namespace QlessDecoderFields
