// SPDX-License-Identifier: GPL-3.0-or-later
#include "jobtimelinecap.h"

#include "qlessclient.h"

#include <cmath>

JobTimelineCap::JobTimelineCap(QlessClient *client, QObject *parent)
    : QObject(parent)
    , m_client(client)
{}

void JobTimelineCap::read(std::function<void(int cap)> done)
{
    m_client->configReads().configValue(QStringLiteral("max-job-history"), this,
                                        [done](const QlessReply<std::optional<QString>> &reply) {
                                            done(reply.ok() ? capOf(reply.value) : QlessDefault);
                                        });
}

int JobTimelineCap::capOf(const std::optional<QString> &value)
{
    if (!value)
        return QlessDefault;
    bool ok = false;
    const double number = value->trimmed().toDouble(&ok);
    if (!ok || !std::isfinite(number))
        return QlessDefault;
    if (number <= 0)
        return 0;
    return number >= 1e9 ? 1000000000 : int(number);
}
