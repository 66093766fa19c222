#pragma once

#include "page.h"

class ConfigModel;
class QTableView;

// qless's configuration, read-only: every option with the value in force, defaults marked as
// such, overrides in bold, each queue's heartbeat. Editing comes with the actions.
class ConfigPage final : public Page
{
    Q_OBJECT

public:
    explicit ConfigPage(QlessSession *session, QWidget *parent = nullptr);

    QString title() const override { return tr("Config"); }
    void refresh(std::function<void(bool ok)> done) override;

    ConfigModel *configModel() const { return m_config; }
    QTableView *configView() const { return m_view; }

private:
    ConfigModel *m_config;
    QTableView *m_view;
};
