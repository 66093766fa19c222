// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QObject>
#include <QString>

#include <functional>
#include <optional>

class QlessClient;

// qless's `max-job-history` as the server has it: how many entries a job's history keeps at
// most (its first and the latest), which a timeline needs to say whether entries may be missing.
// One read of one config option (a hash field), made when a job window opens.
class JobTimelineCap final : public QObject
{
    Q_OBJECT

public:
    static constexpr int QlessDefault = 100;

    explicit JobTimelineCap(QlessClient *client, QObject *parent = nullptr);

    // `done` runs once with the cap (0: no limit); qless's default when unset or unreadable.
    void read(std::function<void(int cap)> done);
    // The cap a stored value gives, as qless reads it: unset or not a number is the default,
    // 0 or less no limit.
    static int capOf(const std::optional<QString> &value);

private:
    QlessClient *m_client;
};
