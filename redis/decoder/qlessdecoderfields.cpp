// SPDX-License-Identifier: GPL-3.0-or-later
#include "qlessdecoderfields.h"

#include "qlesstext.h"

#include <QJsonDocument>
#include <QtMath>

#include <limits>

namespace QlessDecoderFields {

void badReply(RedisError *error, const QString &what)
{
    if (error && error->isNull())
        *error = RedisError::make(RedisError::Kind::BadReply, QStringLiteral("Unexpected reply: ") + what);
}

QString compact(const QJsonValue &value)
{
    if (value.isString())
        return value.toString();
    if (value.isDouble())
        return QString::number(value.toDouble(), 'g', 17);
    if (value.isBool())
        return value.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    if (value.isNull() || value.isUndefined())
        return QString();
    const QJsonDocument doc = value.isArray() ? QJsonDocument(value.toArray()) : QJsonDocument(value.toObject());
    return QString::fromUtf8(doc.toJson(QJsonDocument::Compact));
}

bool asList(const QJsonValue &value, QJsonArray *out)
{
    if (value.isArray()) {
        *out = value.toArray();
        return true;
    }
    if (value.isObject() && value.toObject().isEmpty()) {
        *out = QJsonArray();
        return true;
    }
    return false;
}

QStringList stringList(const QJsonArray &array)
{
    QStringList out;
    out.reserve(array.size());
    for (const QJsonValue &item : array)
        out << compact(item);
    return out;
}

QStringList listField(const QJsonObject &object, const QString &name, FieldProblems *problems, bool required)
{
    const QJsonValue value = object.value(name);
    if (value.isUndefined() || value.isNull()) {
        if (required)
            problems->insert(name, {FieldProblem::Kind::Missing, QString()});
        return {};
    }
    QJsonArray array;
    if (!asList(value, &array)) {
        problems->insert(name, {FieldProblem::Kind::Invalid, compact(value)});
        return {};
    }
    return stringList(array);
}

bool absent(const QJsonValue &value)
{
    return value.isUndefined() || value.isNull() || (value.isBool() && !value.toBool());
}

QString stringField(const QJsonObject &object, const QString &name, FieldProblems *problems, bool required)
{
    const QJsonValue value = object.value(name);
    if (absent(value)) {
        if (required)
            problems->insert(name, {FieldProblem::Kind::Missing, QString()});
        return QString();
    }
    if (!value.isString()) {
        problems->insert(name, {FieldProblem::Kind::Invalid, compact(value)});
        return compact(value);
    }
    return value.toString();
}

double numberField(const QJsonObject &object, const QString &name, FieldProblems *problems, bool required)
{
    const QJsonValue value = object.value(name);
    if (value.isDouble())
        return value.toDouble();
    const bool empty = value.isString() && value.toString().trimmed().isEmpty();
    if (absent(value) || empty) {
        if (required)
            problems->insert(name, {FieldProblem::Kind::Missing, QString()});
        return 0;
    }
    if (value.isString()) {
        bool ok = false;
        const double number = value.toString().trimmed().toDouble(&ok);
        if (ok && qIsFinite(number))
            return number;
    }
    problems->insert(name, {FieldProblem::Kind::Invalid, compact(value)});
    return 0;
}

qint64 count(const QJsonObject &object, const QString &name)
{
    return wholeNumber(object.value(name).toDouble());
}

qint64 wholeNumber(double value)
{
    if (qIsNaN(value))
        return 0;
    // 2^63 is exactly representable; any double at or above it does not fit.
    constexpr double limit = 9223372036854775808.0;
    if (value >= limit)
        return std::numeric_limits<qint64>::max();
    if (value < -limit)
        return std::numeric_limits<qint64>::min();
    return qint64(value);
}

double number(const QJsonValue &value)
{
    if (value.isString())
        return value.toString().toDouble();
    return value.toDouble();
}

bool replyJson(const RedisReply &reply, QJsonValue *out, bool *escaped, RedisError *error)
{
    if (!reply.isString()) {
        badReply(error, QStringLiteral("expected JSON text"));
        return false;
    }
    if (!QlessText::parseJson(reply.bytes, out, escaped)) {
        badReply(error, QStringLiteral("not JSON: ") + QlessText::displayText(reply.bytes.left(200)));
        return false;
    }
    return true;
}

bool replyList(const RedisReply &reply, QJsonArray *out, const QString &what, RedisError *error)
{
    QJsonValue value;
    if (!replyJson(reply, &value, nullptr, error))
        return false;
    if (!asList(value, out)) {
        badReply(error, QStringLiteral("expected a list of ") + what);
        return false;
    }
    return true;
}

std::optional<Job> jobReply(const RedisReply &reply, RedisError *error, const QString &what,
                            Job (*read)(const QJsonValue &, bool))
{
    if (reply.isNil())
        return std::nullopt;
    QJsonValue value;
    bool escaped = false;
    if (!replyJson(reply, &value, &escaped, error))
        return std::nullopt;
    if (!value.isObject()) {
        badReply(error, what + QStringLiteral(" must be a JSON object"));
        return std::nullopt;
    }
    return read(value, escaped);
}

QList<Job> jobList(const QJsonValue &value, bool escaped, RedisError *error, Job (*read)(const QJsonValue &, bool))
{
    QJsonArray array;
    if (!asList(value, &array)) {
        badReply(error, QStringLiteral("expected a list of jobs"));
        return {};
    }
    QList<Job> jobs;
    jobs.reserve(array.size());
    for (const QJsonValue &item : array)
        jobs << read(item, escaped);
    return jobs;
}

} // namespace QlessDecoderFields
